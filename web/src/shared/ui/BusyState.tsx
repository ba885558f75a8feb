/** A centred spinner while a screen or a part of it loads; the label is for screen readers. */
export function BusyState({ label, className, testId }: { label: string; className: string; testId?: string }) {
  return (
    <div className={className} aria-busy="true" data-testid={testId}>
      <span className="spinner-border text-primary" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
