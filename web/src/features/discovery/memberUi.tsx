/** Small pieces shared by the search and the member profile: avatar, fictional badge, places. */
import './discovery.scss';
import '../likes/likes.scss';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../shared/ui/icons';
import { useSettings } from '../site';

/** The URL of a member photo under the site's CDN prefix. */
export function imageUrl(prefix: string, filename: string): string {
  return `${prefix}${filename}`;
}

/** An interest or attribute key as words when no translation exists yet: "board_games" → "Board games". */
export function prettifyKey(key: string): string {
  const words = key.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A drawn stand-in for a member without a photo: head and shoulders on the brand gradient. */
export function PlaceholderAvatar({ gender, className = '' }: { gender?: string; className?: string }) {
  const id = useId().replace(/:/g, '');
  const tone = gender === 'male' ? '#1f9c8a' : '#b25c9c';
  return (
    <svg className={`member-avatar ${className}`} viewBox="0 0 120 120" preserveAspectRatio="xMidYMid slice" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={`member-avatar-${id}`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#d9f3ee" />
          <stop offset="1" stopColor="#e9e0fb" />
        </linearGradient>
      </defs>
      <rect width="120" height="120" fill={`url(#member-avatar-${id})`} />
      <circle cx="60" cy="50" r="20" fill="#a995d9" opacity="0.85" />
      <path d="M22 120c2-24 18-38 38-38s36 14 38 38Z" fill={tone} opacity="0.75" />
    </svg>
  );
}

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
