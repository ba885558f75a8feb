import type { ReactNode } from 'react';

/** The spinner of a busy button or control. */
export function BusySpinner({ className = 'me-2' }: { className?: string }) {
  return <span className={`spinner-border spinner-border-sm ${className}`} aria-hidden="true" />;
}

/** A form's submit button: disabled with a spinner while the form is busy. */
export function SubmitButton({
  busy,
  children,
  className = 'btn btn-primary btn-lg rounded-pill w-100',
  testId,
  disabled,
  icon,
  keepFocus = false,
}: {
  busy: boolean;
  children: ReactNode;
  className?: string;
  testId?: string;
  disabled?: boolean;
  /** Shown before the label when not busy. */
  icon?: ReactNode;
  /**
   * Blocked by aria-disabled instead of disabled while busy, so the button keeps the focus
   * (the submit handler ignores a second submit).
   */
  keepFocus?: boolean;
}) {
  const blocked = busy || Boolean(disabled);
  return (
    <button
      type="submit"
      className={keepFocus && blocked ? `${className} disabled` : className}
      disabled={keepFocus ? undefined : blocked}
      aria-disabled={keepFocus && blocked ? true : undefined}
      aria-busy={busy}
      data-testid={testId}
    >
      {busy ? <BusySpinner /> : icon}
      {children}
    </button>
  );
}
