/**
 * The form fields of every screen: a label, the control, and under it the problem (or
 * else the hint), tied together for screen readers (aria-invalid, aria-describedby).
 * A field's id is its form's (`useForm().field(name).id`), so a refused submit can move
 * the focus to it.
 */
import './account.scss';
import { type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './icons';

/** The aria attributes of a control with this id: its problem, or else its hint, describes it. */
export function describedBy(id: string, error: ReactNode, hint?: ReactNode, ...more: string[]) {
  const own = error ? `${id}-error` : hint ? `${id}-hint` : '';
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [own, ...more].filter(Boolean).join(' ') || undefined,
  } as const;
}

/** The problem under a field, or else its hint. */
export function FieldFeedback({ id, error, hint, errorTestId, block = true }: { id: string; error?: ReactNode; hint?: ReactNode; errorTestId?: string; block?: boolean }) {
  if (error) {
    return (
      <div id={`${id}-error`} className={`invalid-feedback${block ? ' d-block' : ''}`} data-testid={errorTestId}>
        {error}
      </div>
    );
  }
  return hint ? (
    <div id={`${id}-hint`} className="form-text">
      {hint}
    </div>
  ) : null;
}

/** A labelled control (given as children) with its problem or hint underneath. */
export function Field({
  id,
  label,
  error,
  hint,
  errorTestId,
  className = '',
  children,
}: {
  id: string;
  label: ReactNode;
  error?: ReactNode;
  hint?: ReactNode;
  errorTestId?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`account-field ${className}`.trim()}>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      {children}
      <FieldFeedback id={id} error={error} hint={hint} errorTestId={errorTestId} />
    </div>
  );
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
  /** The input's ref (e.g. focusOnAppear). */
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ label, value, onValue, error, hint, addon, id, className = '', ...input }: TextFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  const control = (
    <input
      id={fieldId}
      className={`form-control form-control-lg${error ? ' is-invalid' : ''}`}
      value={value}
      onChange={(event) => onValue(event.target.value)}
      {...describedBy(fieldId, error, hint)}
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
          <FieldFeedback id={fieldId} error={error} block={false} />
        </div>
      ) : (
        <>
          {control}
          <FieldFeedback id={fieldId} error={error} block={false} />
        </>
      )}
      {!error && <FieldFeedback id={fieldId} hint={hint} />}
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

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> {
  id: string;
  label: ReactNode;
  value: string;
  onValue: (value: string) => void;
  options: { value: string; label: string }[];
  /** The first option, for no choice. */
  empty?: string;
  error?: string | null;
  hint?: ReactNode;
  testId?: string;
}

export function SelectField({ id, label, value, onValue, options, empty, error, hint, testId, ...select }: SelectFieldProps) {
  return (
    <div className="account-field">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <select
        id={id}
        className={`form-select form-select-lg${error ? ' is-invalid' : ''}`}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        {...describedBy(id, error, hint)}
        data-testid={testId}
        {...select}
      >
        {empty !== undefined && <option value="">{empty}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldFeedback id={id} error={error} hint={hint} block={false} />
    </div>
  );
}

export interface TextareaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value'> {
  id: string;
  label: ReactNode;
  value: string;
  onValue: (value: string) => void;
  error?: string | null;
  hint?: ReactNode;
  /** Beside the problem or hint: how much is typed (it describes the text area too). */
  counter?: { text: ReactNode; over?: boolean };
  errorTestId?: string;
  counterTestId?: string;
}

/** A text area; `className` goes to the text area, the wrapper takes `fieldClassName`. */
export function TextareaField({
  id,
  label,
  value,
  onValue,
  error,
  hint,
  counter,
  className = '',
  fieldClassName = '',
  errorTestId,
  counterTestId,
  ...area
}: TextareaFieldProps & { fieldClassName?: string }) {
  const counterId = `${id}-counter`;
  return (
    <div className={`${fieldClassName} account-field`.trim()}>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <textarea
        id={id}
        className={`form-control ${className}${error ? ' is-invalid' : ''}`}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        {...describedBy(id, error, hint, counter ? counterId : '')}
        {...area}
      />
      {counter ? (
        <div className="field-below">
          <FieldFeedback id={id} error={error} hint={hint} errorTestId={errorTestId} />
          <div id={counterId} className={`field-counter${counter.over ? ' is-over' : ''}`} data-testid={counterTestId}>
            {counter.text}
          </div>
        </div>
      ) : (
        <FieldFeedback id={id} error={error} hint={hint} errorTestId={errorTestId} />
      )}
    </div>
  );
}

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'checked' | 'type'> {
  id: string;
  label: ReactNode;
  checked: boolean;
  onChecked: (checked: boolean) => void;
  error?: ReactNode;
  /** Classes of the box around input and label (besides form-check). */
  className?: string;
  labelTestId?: string;
  errorTestId?: string;
  /** A switch instead of a box. */
  role?: 'switch';
}

export function CheckboxField({ id, label, checked, onChecked, error, className = '', labelTestId, errorTestId, children, ...input }: CheckboxFieldProps) {
  return (
    <div className={`form-check ${className}${error ? ' is-invalid' : ''}`}>
      <input
        id={id}
        type="checkbox"
        className={`form-check-input${error ? ' is-invalid' : ''}`}
        checked={checked}
        onChange={(event) => onChecked(event.target.checked)}
        {...describedBy(id, error)}
        {...input}
      />
      <label htmlFor={id} className="form-check-label" data-testid={labelTestId}>
        {label}
      </label>
      <FieldFeedback id={id} error={error} errorTestId={errorTestId} />
      {children}
    </div>
  );
}
