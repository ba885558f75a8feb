import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { AppLink } from '../../shared/routing/AppLink';
import { FormAlert } from '../../shared/ui/alerts';
import { useErrorText } from '../../shared/ui/form';
import { Icon, type IconName } from '../../shared/ui/icons';
import { useSiteSettings } from '../../shared/site';
import { signupPolicy } from '../../shared/signup/policy';
import type { Gender } from './signupForm';
import { hasTrafficSource } from '../../shared/signup/traffic';

/** Signup refusals that are about the account, shown with their own ways out. */
export type Refusal = { code: 'account_exists' } | { code: 'account_deleted_reactivatable'; supportEmail: string } | null;

/** Signup policy gate: invite-only sites, partner-only signups and closed sites show why there is no form. */
export function SignupGate({ children, onLeave }: { children: ReactNode; onLeave?: () => void }) {
  const { t } = useTranslation('account');
  const { fieldText } = useErrorText();
  const settings = useSiteSettings();
  const policy = signupPolicy(settings.signups, hasTrafficSource(), settings.closed);
  if (policy === 'open') return <>{children}</>;
  return (
    <div className="signup-closed" data-testid={`signup-${policy}`}>
      <FormAlert variant="info" icon="lock">
        {policy === 'site_closed' ? (
          // The server's own refusal, word for word: members keep logging in.
          <p className="mb-0">{fieldText({ code: 'site_closed', params: { sitename: settings.name } })}</p>
        ) : (
          <>
            <p className="fw-semibold mb-1">
              {policy === 'invite_only'
                ? fieldText({ code: 'invite_only', params: { sitename: settings.name } })
                : t('signup.closed.trafficTitle', { sitename: settings.name })}
            </p>
            <p className="mb-0">
              {policy === 'invite_only' ? t('signup.closed.inviteText') : t('signup.closed.trafficText', { sitename: settings.name })}
            </p>
          </>
        )}
      </FormAlert>
      <p className="text-center mb-0">
        <Trans t={t} i18nKey="signup.haveAccount" components={{ login: <AppLink to="login" onClick={onLeave} /> }} />
      </p>
    </div>
  );
}

/** A choice of cards (radio buttons): who the member is, whom they seek. */
export function ChoiceGroup({
  name,
  legend,
  value,
  options,
  onValue,
  error,
}: {
  name: string;
  legend: string;
  value: string;
  options: { value: Gender; label: string; icon: IconName }[];
  onValue: (value: Gender) => void;
  error?: string | null;
}) {
  return (
    // A radio cannot be invalid (ARIA): its group is.
    <fieldset className="choice-group" role="radiogroup" aria-invalid={error ? true : undefined} aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="form-label">{legend}</legend>
      <div className="choice-group__options">
        {options.map((option) => {
          const id = `${name}-${option.value}`;
          return (
            <div key={option.value} className="choice-group__option">
              <input
                type="radio"
                className="btn-check"
                name={name}
                id={id}
                value={option.value}
                checked={value === option.value}
                onChange={() => onValue(option.value)}
              />
              <label className="choice-card" htmlFor={id}>
                <Icon name={option.icon} size={26} />
                <span>{option.label}</span>
              </label>
            </div>
          );
        })}
      </div>
      {error && (
        <div id={`${name}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </fieldset>
  );
}

/** A refusal about the account (it exists, or was deleted and can come back), with the ways out. */
export function RefusalAlert({ refusal, onLeave }: { refusal: Refusal; onLeave?: () => void }) {
  const { t } = useTranslation('account');
  const { fieldText } = useErrorText();
  return (
    <>
    {refusal?.code === 'account_exists' && (
      <FormAlert variant="warning" testId="signup-account-exists">
        <p className="fw-semibold mb-1">{fieldText({ code: 'account_exists' })}</p>
        <Trans
          t={t}
          i18nKey="signup.accountExists"
          components={{
            login: <AppLink to="login" onClick={onLeave} />,
            reset: <AppLink to="reset-password" onClick={onLeave} />,
          }}
        />
      </FormAlert>
    )}
    {refusal?.code === 'account_deleted_reactivatable' && (
      <FormAlert variant="warning" testId="signup-account-deleted">
        <p className="mb-2">{fieldText({ code: 'account_deleted_reactivatable', params: { support_email: refusal.supportEmail } })}</p>
        <a className="fw-semibold" href={`mailto:${refusal.supportEmail}`}>
          {t('contactSupport')}
        </a>
      </FormAlert>
    )}
    </>
  );
}
