import './profile.scss';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditableProfile } from '../../shared/api/types';
import { FormAlert } from '../../shared/ui/alerts';
import { Section } from '../../shared/ui/sections';
import { AppLink } from '../../shared/routing/AppLink';
import { Icon } from '../../shared/ui/icons';
import { useSettings } from '../../shared/site';
import { PhotoTile } from './PhotoTile';
import { PHOTO_TYPES, photoCounter } from './profileLogic';
import { usePhotos } from './usePhotos';

/** How many photos of how many. */
function PhotoCounter({ used, limit }: { used: number; limit: number }) {
  const { t } = useTranslation('profile');
  return (
    <div className="profile-photos__head">
      <div className="profile-meter" data-testid="photo-counter">
        <span className="profile-meter__text">{t('photos.counter', { used, limit })}</span>
        <span className="profile-meter__track" aria-hidden="true">
          <span className="profile-meter__fill" style={{ width: `${Math.min(100, (used / Math.max(1, limit)) * 100)}%` }} />
        </span>
      </div>
    </div>
  );
}

/** The last tile: the upload's progress, or the way to add a photo. */
function UploadTile({ progress, busy, onChoose }: { progress: number | null; busy: boolean; onChoose: (event: ChangeEvent<HTMLInputElement>) => void }) {
  const { t } = useTranslation('profile');
  return (
    <li className="profile-photo profile-photo--add">
      {progress !== null ? (
        <div className="profile-upload" data-testid="photo-upload-progress">
          <span className="profile-upload__label">{t('photos.uploading', { percent: progress })}</span>
          <div
            className="profile-upload__track"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            aria-label={t('photos.uploadingLabel')}
          >
            <span className="profile-upload__fill" style={{ width: `${progress}%` }} />
          </div>
        </div>
      ) : (
        <label className="profile-upload profile-upload--idle">
          <input
            type="file"
            accept={PHOTO_TYPES.join(',')}
            className="visually-hidden"
            onChange={onChoose}
            disabled={busy}
            data-testid="photo-upload"
          />
          <span className="profile-upload__plus" aria-hidden="true">
            <Icon name="plus" size={28} />
          </span>
          <span className="profile-upload__label">{t('photos.add')}</span>
          <span className="profile-upload__types">{t('photos.types')}</span>
        </label>
      )}
    </li>
  );
}

/** All photos taken: the limit, and premium's when it is higher. */
function PhotoLimit({ limit, paidUser }: { limit: number; paidUser: boolean }) {
  const { t } = useTranslation('profile');
  // Premium members' photo limit, from the server (the member's own is profile.photo_limit).
  const premiumLimit = useSettings((s) => s.settings?.premium_photos ?? 0);
  return (
    <FormAlert variant="info" testId="photo-limit">
      {paidUser || limit >= premiumLimit
        ? t('photos.limitPremium', { limit })
        : t('photos.limitFree', { limit, premium: premiumLimit })}
      {!paidUser && limit < premiumLimit && (
        <>
          {' '}
          <AppLink to="premium" className="alert-link">
            {t('photos.toPremium')}
          </AppLink>
        </>
      )}
    </FormAlert>
  );
}

/** The photos: thumbnails with their review state, main photo, delete, and the upload with progress. */
export function PhotosSection({
  profile,
  paidUser,
  onChange,
}: {
  profile: EditableProfile;
  paidUser: boolean;
  onChange: (profile: EditableProfile) => void;
}) {
  const { t } = useTranslation('profile');
  const prefix = useSettings((s) => s.settings?.cdn_prefix ?? '');
  const { progress, busy, notice, choose, makeMain, remove } = usePhotos(profile, onChange);
  const counter = photoCounter(profile);

  return (
    <Section id="profile-photos" icon="photo" title={t('photos.title')} intro={t('photos.intro')}>
      <PhotoCounter used={counter.used} limit={counter.limit} />
      {notice && (
        <FormAlert variant={notice.ok ? 'success' : 'danger'} testId="photo-notice">
          {notice.text}
        </FormAlert>
      )}
      <ul className="profile-photos">
        {profile.photos.map((photo) => (
          <PhotoTile key={photo.id} photo={photo} prefix={prefix} busy={busy} onMain={() => makeMain(photo)} onDelete={() => remove(photo)} />
        ))}
        {!counter.full && <UploadTile progress={progress} busy={busy} onChoose={choose} />}
      </ul>
      {profile.photos.length === 0 && <p className="profile-photos__empty">{t('photos.empty')}</p>}
      {profile.photos.some((photo) => photo.status === 'pending') && (
        <p className="profile-photos__hint">
          <Icon name="clock" size={16} /> {t('photos.pendingHint')}
        </p>
      )}
      {counter.full && <PhotoLimit limit={counter.limit} paidUser={paidUser} />}
    </Section>
  );
}
