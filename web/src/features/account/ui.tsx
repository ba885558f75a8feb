/** Form pieces shared by the account screens: fields, password toggle, alerts, the auth card. */
import '../../styles/sheets/account.scss';
import { type InputHTMLAttributes, type ReactNode, useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../../shared/api/errors';
import { translateError } from '../../shared/i18n/translateError';
import { LogoMark } from '../../shared/ui/LogoMark';
import { Icon, type IconName } from '../../shared/ui/icons';
import type { FieldError } from '../signup/validation';

/** Texts of API errors and field errors, from `common:errors.<code>`. */
export function useErrorText() {
  const { t } = useTranslation('common');
  const errorText = useCallback((error: unknown) => translateError(t, error), [t]);
  const fieldText = useCallback(
    (error: FieldError | null | undefined) =>
      error ? t(errorKey(error.code), { ...error.params, defaultValue: t('errors.generic') }) : null,
    [t],
  );
  return { errorText, fieldText };
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'>;

export interface TextFieldProps extends InputProps {
  label: ReactNode;
  value: string;
  onValue: (value: string) => void;
  error?: string | null;
  hint?: ReactNode;
  /** Something at the end of the input (the password toggle). */
  addon?: ReactNode;
}

export function TextField({ label, value, onValue, error, hint, addon, id, className = '', ...input }: TextFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  const hintId = `${fieldId}-hint`;
  const errorId = `${fieldId}-error`;
  const describedBy = (error ? errorId : hint ? hintId : undefined);
  const control = (
    <input
      id={fieldId}
      className={`form-control form-control-lg${error ? ' is-invalid' : ''}`}
      value={value}
      onChange={(event) => onValue(event.target.value)}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy}
      {...input}
    />
  );
  return (
    <div className={`account-field ${className}`}>
      <label htmlFor={fieldId} className="form-label">
        {label}
      </label>
      {addon ? (
        <div className={`input-group input-group-lg account-field__group${error ? ' has-validation' : ''}`}>
          {control}
          {addon}
          {error && (
            <div id={errorId} className="invalid-feedback">
              {error}
            </div>
          )}
        </div>
      ) : (
        <>
          {control}
          {error && (
            <div id={errorId} className="invalid-feedback">
              {error}
            </div>
          )}
        </>
      )}
      {hint && !error && (
        <div id={hintId} className="form-text">
          {hint}
        </div>
      )}
    </div>
  );
}

/** A password field with a show/hide button. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'addon'>) {
  const { t } = useTranslation('account');
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      autoCapitalize="off"
      autoCorrect="off"
      spellCheck={false}
      addon={
        <button
          type="button"
          className="btn account-field__toggle"
          onClick={() => setVisible((v) => !v)}
          aria-pressed={visible}
          aria-label={visible ? t('password.hide') : t('password.show')}
          title={visible ? t('password.hide') : t('password.show')}
        >
          <Icon name={visible ? 'eyeOff' : 'eye'} />
        </button>
      }
    />
  );
}

export function FormAlert({
  variant = 'danger',
  children,
  icon,
  testId,
}: {
  variant?: 'danger' | 'success' | 'info' | 'warning';
  children: ReactNode;
  icon?: IconName;
  testId?: string;
}) {
  const shown: IconName = icon ?? (variant === 'success' ? 'check' : variant === 'danger' ? 'warning' : 'info');
  return (
    <div className={`alert alert-${variant} account-alert`} role={variant === 'danger' ? 'alert' : 'status'} data-testid={testId}>
      <Icon name={shown} size={20} className="account-alert__icon" />
      <div className="account-alert__body">{children}</div>
    </div>
  );
}


/** A load that failed: what went wrong and a button to try again. */
export function RetryAlert({
  message,
  retryLabel,
  onRetry,
  testId,
}: {
  message: ReactNode;
  retryLabel: string;
  onRetry: () => void;
  testId?: string;
}) {
  return (
    <FormAlert testId={testId}>
      {message}{' '}
      <button type="button" className="btn btn-link p-0 align-baseline" onClick={onRetry}>
        {retryLabel}
      </button>
    </FormAlert>
  );
}

export function SubmitButton({
  busy,
  children,
  className = 'btn btn-primary btn-lg rounded-pill w-100',
  testId,
  disabled,
}: {
  busy: boolean;
  children: ReactNode;
  className?: string;
  testId?: string;
  disabled?: boolean;
}) {
  return (
    <button type="submit" className={className} disabled={busy || disabled} aria-busy={busy} data-testid={testId}>
      {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
      {children}
    </button>
  );
}

/** The centred card of the login, signup and reset screens, on the soft brand gradient. */
export function AuthCard({
  title,
  intro,
  icon,
  children,
  footer,
  wide = false,
}: {
  title: ReactNode;
  intro?: ReactNode;
  icon?: IconName;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className="auth-page">
      <div className={`auth-card${wide ? ' auth-card--wide' : ''}`}>
        <div className={`auth-card__mark${icon ? '' : ' auth-card__mark--logo'}`} aria-hidden="true">
          {icon ? <Icon name={icon} size={28} /> : <LogoMark size={52} />}
        </div>
        <h1 className="auth-card__title">{title}</h1>
        {intro && <div className="auth-card__intro">{intro}</div>}
        {children}
      </div>
      {footer && <div className="auth-page__footer">{footer}</div>}
    </div>
  );
}

/** Runs an async submit with a busy flag; the component keeps its own error state. */
export function useBusy() {
  const [busy, setBusy] = useState(false);
  const run = useCallback(async <T,>(task: () => Promise<T>): Promise<T | undefined> => {
    setBusy(true);
    try {
      return await task();
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, run };
}

/** A white card with an icon, a title and an intro: the sections of settings and profile. */
/** The in-page table of contents beside a page of sections (settings, profile), on desktop. */
export function SectionNav({ label, sections }: { label: string; sections: [string, IconName, string][] }) {
  return (
    <aside className="col-lg-3 d-none d-lg-block">
      <nav className="settings-nav" aria-label={label}>
        {sections.map(([id, icon, title]) => (
          <a key={id} href={`#${id}`} className="settings-nav__link">
            <Icon name={icon} size={18} />
            {title}
          </a>
        ))}
      </nav>
    </aside>
  );
}

export function Section({
  id,
  icon,
  title,
  intro,
  children,
  tone,
}: {
  id: string;
  icon: IconName;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  tone?: 'danger';
}) {
  return (
    <section id={id} className={`settings-card${tone ? ` settings-card--${tone}` : ''}`} aria-labelledby={`${id}-title`}>
      <header className="settings-card__head">
        <span className="settings-card__icon" aria-hidden="true">
          <Icon name={icon} size={22} />
        </span>
        <div>
          <h2 id={`${id}-title`} className="settings-card__title">
            {title}
          </h2>
          {intro && <p className="settings-card__intro">{intro}</p>}
        </div>
      </header>
      <div className="settings-card__body">{children}</div>
    </section>
  );
}
