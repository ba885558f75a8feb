import './profile.scss';
import { useTranslation } from 'react-i18next';
import type { EditableProfile } from '../../shared/api/types';
import { Icon } from '../../shared/ui/icons';
import { useProfileCatalogs } from '../../shared/catalogs/catalogStore';
import { isFieldVisible, mainPhoto, photoUrl } from './profileLogic';
import { useSettings } from '../../shared/site';

/** A drawn stand-in for a member without a main photo: head and shoulders on the brand gradient. */
export function AvatarPlaceholder({ className = '' }: { className?: string }) {
  return (
    <svg className={`profile-avatar__placeholder ${className}`} viewBox="0 0 120 120" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="profile-avatar-bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#d9f3ee" />
          <stop offset="1" stopColor="#e9e0fb" />
        </linearGradient>
      </defs>
      <rect width="120" height="120" fill="url(#profile-avatar-bg)" />
      <circle cx="60" cy="47" r="21" fill="#a995d9" opacity="0.85" />
      <path d="M20 120c2-25 19-40 40-40s38 15 40 40Z" fill="#1f9c8a" opacity="0.8" />
    </svg>
  );
}

/** The header card: main photo (or the drawn avatar), name, age and where the member lives. */
export function ProfileHero({ profile, visible }: { profile: EditableProfile; visible: readonly string[] }) {
  const { t, i18n } = useTranslation('profile');
  const prefix = useSettings((s) => s.settings?.cdn_prefix ?? '');
  const regions = useProfileCatalogs((s) => s.regions[`${profile.country}:${i18n.language}`]);
  const main = mainPhoto(profile.photos);
  const region = profile.region ? regions?.find((r) => r.code === profile.region)?.name : undefined;
  let country: string | undefined;
  try {
    country = new Intl.DisplayNames([i18n.language], { type: 'region' }).of(profile.country);
  } catch {
    country = profile.country;
  }
  const place = [
    isFieldVisible('city', visible) ? profile.city : null,
    isFieldVisible('region', visible) ? region : null,
    isFieldVisible('country', visible) ? country : null,
  ].filter(Boolean);

  return (
    <section className="profile-hero" aria-label={t('hero.label')} data-testid="profile-hero">
      <div className="profile-hero__photo">
        <div className="profile-avatar">
          {main ? (
            <img src={photoUrl(prefix, main.thumb_filename)} alt={t('photos.mainAlt', { name: profile.name })} />
          ) : (
            <AvatarPlaceholder />
          )}
        </div>
        {main && main.status !== 'active' && (
          <span className={`profile-badge profile-badge--${main.status} profile-hero__badge`}>
            {t(`photos.status.${main.status}`)}
          </span>
        )}
      </div>
      <div className="profile-hero__text">
        <h2 className="profile-hero__name" data-testid="profile-hero-name">
          {profile.name}
          {isFieldVisible('birth_date', visible) && <span className="profile-hero__age">, {profile.age}</span>}
        </h2>
        {place.length > 0 && (
          <p className="profile-hero__place">
            <Icon name="mapPin" size={18} />
            <span>{place.join(', ')}</span>
          </p>
        )}
        <p className="profile-hero__meta">
          <span className="profile-hero__stat">
            <Icon name="photo" size={16} />
            {t('hero.photos', { count: profile.photos.length })}
          </span>
          <span className="profile-hero__stat">
            <Icon name="heart" size={16} />
            {t('hero.interests', { count: profile.interests.length })}
          </span>
        </p>
        {profile.status === 'disabled' && <p className="profile-hero__disabled">{t('hero.disabled')}</p>}
      </div>
    </section>
  );
}
