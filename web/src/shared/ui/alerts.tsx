import './account.scss';
import type { ReactNode } from 'react';
import { Icon, type IconName } from './icons';

/** A message above or inside a form: an error (role alert) or a status. */
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

/** What a save ended with: done (success) or why not (danger). */
export type Result = { ok: boolean; text: ReactNode } | null;

export function ResultAlert({ result, testId }: { result: Result; testId?: string }) {
  if (!result) return null;
  return (
    <FormAlert variant={result.ok ? 'success' : 'danger'} testId={testId}>
      {result.text}
    </FormAlert>
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
