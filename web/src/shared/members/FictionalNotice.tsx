/**
 * The site's notice on a fictional profile (issue 29.5): its mark and its warning
 * (settings.fictional_warning, else ours). The same words on the profile and in the
 * conversation, where money is spent on every message.
 */
import { useTranslation } from 'react-i18next';
import { useSettings } from '../site';
import { FictionalBadge } from './FictionalBadge';

export function FictionalNotice({ className = '', testId = 'fictional-warning' }: { className?: string; testId?: string }) {
  const { t } = useTranslation('discovery');
  const warning = useSettings((s) => s.settings?.fictional_warning ?? '');
  return (
    <div className={`fictional-warning ${className}`.trim()} role="note" data-testid={testId}>
      <FictionalBadge />
      <p>{warning || t('fictional.warning')}</p>
    </div>
  );
}

/** "★ Fictional profile": the mark with the site's word for it, where a name is shown. */
export function FictionalLabel({ className = '' }: { className?: string }) {
  const { t } = useTranslation('discovery');
  const singular = useSettings((s) => s.settings?.fictional_singular ?? '');
  const label = singular || t('fictional.label');
  return (
    <span className={`fictional-label ${className}`.trim()} data-testid="fictional-label">
      <FictionalBadge className="fictional-label__badge" />
      {/* The badge's own name is for screen readers only; here the word shows. */}
      <span className="fictional-label__text" aria-hidden="true">
        {label}
      </span>
    </span>
  );
}
