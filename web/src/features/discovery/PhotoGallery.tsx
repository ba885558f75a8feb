import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../navigation/AppLink';
import { Icon } from '../navigation/icons';
import { useSettings } from '../site/settingsStore';
import type { MemberProfile } from './discoveryApi';
import { PlaceholderAvatar, imageUrl } from './memberUi';

/** A photo only premium members see: a blurred tile with a lock. */
function LockedTile({ large = false }: { large?: boolean }) {
  const { t } = useTranslation('discovery');
  return (
    <div className={`locked-photo${large ? ' locked-photo--large' : ''}`} data-testid="locked-photo">
      <span className="locked-photo__blur" aria-hidden="true" />
      <span className="locked-photo__lock">
        <Icon name="lock" size={large ? 30 : 18} />
      </span>
      <span className="visually-hidden">{t('profile.locked')}</span>
    </div>
  );
}

/** The member's photos: one large, the rest as thumbnails, with "1 / 4". */
export function PhotoGallery({ profile }: { profile: MemberProfile }) {
  const { t } = useTranslation('discovery');
  const prefix = useSettings((s) => s.settings?.cdn_prefix ?? '');
  const [index, setIndex] = useState(0);
  const photos = profile.photos;
  const total = Math.max(profile.photo_count, photos.length);
  const current = photos[Math.min(index, photos.length - 1)];
  const anyLocked = photos.some((photo) => photo.locked);

  if (photos.length === 0) {
    return (
      <div className="gallery">
        <div className="gallery__stage gallery__stage--empty">
          <PlaceholderAvatar gender={profile.gender} />
        </div>
      </div>
    );
  }

  return (
    <div className="gallery" data-testid="gallery">
      <div className="gallery__stage">
        {current.locked || !current.filename ? (
          <LockedTile large />
        ) : (
          <img src={imageUrl(prefix, current.filename)} alt={t('profile.photoAlt', { number: index + 1, name: profile.name })} />
        )}
        {photos.length > 1 && (
          <>
            <button
              type="button"
              className="gallery__step gallery__step--previous"
              onClick={() => setIndex((i) => (i - 1 + photos.length) % photos.length)}
              aria-label={t('profile.previousPhoto')}
            >
              <Icon name="arrowLeft" size={20} />
            </button>
            <button
              type="button"
              className="gallery__step gallery__step--next"
              onClick={() => setIndex((i) => (i + 1) % photos.length)}
              aria-label={t('profile.nextPhoto')}
            >
              <Icon name="arrowLeft" size={20} />
            </button>
          </>
        )}
        <span className="gallery__count" data-testid="photo-count">
          <Icon name="photo" size={16} />
          {t('profile.photoCount', { current: index + 1, total })}
        </span>
      </div>
      {photos.length > 1 && (
        <ul className="gallery__thumbs" aria-label={t('profile.photos')}>
          {photos.map((photo, n) => (
            <li key={photo.id}>
              <button
                type="button"
                className={`gallery__thumb${n === index ? ' is-current' : ''}`}
                onClick={() => setIndex(n)}
                aria-label={photo.locked ? t('profile.showLocked', { number: n + 1 }) : t('profile.showPhoto', { number: n + 1 })}
                aria-pressed={n === index}
              >
                {photo.locked || !photo.thumb_filename ? <LockedTile /> : <img src={imageUrl(prefix, photo.thumb_filename)} alt="" loading="lazy" />}
              </button>
            </li>
          ))}
        </ul>
      )}
      {anyLocked && (
        <p className="gallery__note" data-testid="locked-note">
          <Icon name="lock" size={16} />
          <span>{t('profile.lockedNote')}</span>
          <AppLink to="premium" className="gallery__premium">
            {t('profile.toPremium')}
          </AppLink>
        </p>
      )}
    </div>
  );
}
