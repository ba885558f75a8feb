import { useTranslation } from 'react-i18next';

/**
 * "Online now": shown only where the server said `online: true` — it says null when the
 * member or the viewer hides their online status (quiet mode, issue 21.2), and nothing
 * is shown then either. `compact`: the dot alone, its words for screen readers.
 */
export function OnlineBadge({ compact = false, className = '' }: { compact?: boolean; className?: string }) {
  const { t } = useTranslation('common');
  return (
    <span className={`online-badge${compact ? ' online-badge--compact' : ''} ${className}`.trim()} data-testid="online-badge">
      <span className="online-badge__dot" aria-hidden="true" />
      <span className={compact ? 'visually-hidden' : undefined}>{t('presence.online')}</span>
    </span>
  );
}
