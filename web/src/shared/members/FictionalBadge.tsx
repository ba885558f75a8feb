/** The fictional profiles' mark, wherever a fictional member is shown (styles: _fictional.scss). */
import { useTranslation } from 'react-i18next';
import { Icon } from '../ui/icons';
import { useSettings } from '../site';

/**
 * The site's mark for fictional profiles (settings.fictional_icon, a symbol like ★ or an
 * image address), named with settings.fictional_singular (in words beside the mark when
 * `labelled`: search cards, issue 29.3).
 */
export function FictionalBadge({ className = '', labelled = false }: { className?: string; labelled?: boolean }) {
  const { t } = useTranslation('discovery');
  const icon = useSettings((s) => s.settings?.fictional_icon ?? '');
  const singular = useSettings((s) => s.settings?.fictional_singular ?? '');
  const label = singular || t('fictional.label');
  const isImage = /^(https?:)?\/\/|^\/|\.(png|svg|gif|webp|jpe?g)$/i.test(icon);
  return (
    <span className={`fictional-badge${labelled ? ' fictional-badge--labelled' : ''} ${className}`} title={label} data-testid="fictional-badge">
      {icon ? isImage ? <img src={icon} alt="" /> : <span aria-hidden="true">{icon}</span> : <Icon name="sparkle" size={14} />}
      <span className={labelled ? 'fictional-badge__label' : 'visually-hidden'}>{label}</span>
    </span>
  );
}
