import './profile.scss';
import { type ChangeEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditableProfile, OwnPhoto } from '../../shared/api/types';
import type { FieldError } from '../../shared/api/errors';
import { FormAlert } from '../../shared/ui/alerts';
import { useErrorText } from '../../shared/ui/form';
import { Section } from '../../shared/ui/sections';
import { AppLink } from '../../shared/routing/AppLink';
import { Icon, type IconName } from '../../shared/ui/icons';
import { useSettings } from '../../shared/site';
import { profileApi } from './profileApi';
import { PHOTO_TYPES, photoCounter, photoFileProblem, photoUrl, uploadError } from './profileLogic';

type Notice = { ok: boolean; text: string } | null;

const PHOTO_STATUS_ICONS: Record<OwnPhoto['status'], IconName> = {
  pending: 'clock',
  active: 'check',
  rejected: 'warning',
  held: 'shield',
};

/** Why a rejected photo was rejected (issue 30.2), or a held one is held (issue 31.3): the
 * rule and the facts on the photo itself, and the decision in full (with its appeal) one
 * tap away. */
function RejectionReason({ rejection, held }: { rejection: NonNullable<OwnPhoto['rejection']>; held: boolean }) {
  const { t } = useTranslation('profile');
  return (
    <div className="profile-photo__reason" data-testid="photo-rejection">
      <p className="profile-photo__reason-text" title={rejection.facts}>
        <span className="visually-hidden">{t(held ? 'photos.rejection.heldLabel' : 'photos.rejection.label')}: </span>
        <strong>{rejection.ground_title}:</strong> {rejection.facts}
      </p>
      <AppLink to="decisions" suffix={`#decision-${rejection.decision_id}`} className="profile-photo__reason-link">
        {t('photos.rejection.details')}
      </AppLink>
    </div>
  );
}

function PhotoTile({
  photo,
  prefix,
  busy,
  onMain,
  onDelete,
}: {
  photo: OwnPhoto;
  prefix: string;
  busy: boolean;
  onMain: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('profile');
  const [confirming, setConfirming] = useState(false);
  return (
    <li
      className={`profile-photo profile-photo--${photo.status}${photo.is_main ? ' profile-photo--main' : ''}`}
      data-testid="photo-tile"
      data-photo-id={photo.id}
      data-status={photo.status}
    >
      <img src={photoUrl(prefix, photo.thumb_filename)} alt={t('photos.alt')} loading="lazy" />
      {photo.rejection && !confirming && <RejectionReason rejection={photo.rejection} held={photo.status === 'held'} />}
      <div className="profile-photo__badges">
        {photo.is_main && (
          <span className="profile-badge profile-badge--main">
            <Icon name="star" size={14} />
            {t('photos.main')}
          </span>
        )}
        {photo.status !== 'active' && (
          <span className={`profile-badge profile-badge--${photo.status}`} data-testid="photo-status">
            <Icon name={PHOTO_STATUS_ICONS[photo.status]} size={14} />
            {t(`photos.status.${photo.status}`)}
          </span>
        )}
      </div>
      {confirming ? (
        <div className="profile-photo__confirm" role="group" aria-label={t('photos.deleteConfirm')}>
          <p>{t('photos.deleteConfirm')}</p>
          <div className="d-flex gap-2">
            <button
              type="button"
              className="btn btn-danger btn-sm rounded-pill"
              disabled={busy}
              onClick={() => {
                setConfirming(false);
                onDelete();
              }}
              data-testid="photo-delete-confirm"
            >
              {t('photos.deleteYes')}
            </button>
            <button type="button" className="btn btn-light btn-sm rounded-pill" onClick={() => setConfirming(false)}>
              {t('cancel')}
            </button>
          </div>
        </div>
      ) : (
        <div className="profile-photo__actions">
          {/* Only an approved photo may become the face of every card (the server says so too). */}
          {!photo.is_main && photo.status === 'active' && (
            <button
              type="button"
              className="profile-photo__action"
              disabled={busy}
              onClick={onMain}
              title={t('photos.setMain')}
              data-testid="photo-main"
            >
              <Icon name="star" size={16} />
              <span>{t('photos.setMain')}</span>
            </button>
          )}
          <button
            type="button"
            className="profile-photo__action profile-photo__action--danger"
            disabled={busy}
            onClick={() => setConfirming(true)}
            aria-label={t('photos.delete')}
            title={t('photos.delete')}
            data-testid="photo-delete"
          >
            <Icon name="trash" size={16} />
          </button>
        </div>
      )}
    </li>
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
  const { errorText, fieldText } = useErrorText();
  const prefix = useSettings((s) => s.settings?.cdn_prefix ?? '');
  // Premium members' photo limit, from the server (the member's own is profile.photo_limit).
  const premiumLimit = useSettings((s) => s.settings?.premium_photos ?? 0);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const counter = photoCounter(profile);
  const uploading = progress !== null;

  /** The server's view after a change (main photo may move); the local guess if that fails. */
  const refresh = async (fallback: EditableProfile) => {
    try {
      onChange(await profileApi.get());
    } catch {
      onChange(fallback);
    }
  };

  const act = async (task: () => Promise<EditableProfile>, success: string | ((done: EditableProfile) => string), upload = false) => {
    setBusy(true);
    setNotice(null);
    try {
      const done = await task();
      await refresh(done);
      setNotice({ ok: true, text: typeof success === 'string' ? success : success(done) });
    } catch (error) {
      setNotice({ ok: false, text: (upload ? fieldText(uploadError(error)) : null) ?? errorText(error) });
    } finally {
      setBusy(false);
    }
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem: FieldError | null = photoFileProblem(file);
    if (problem) {
      setNotice({ ok: false, text: fieldText(problem) ?? '' });
      return;
    }
    setProgress(0);
    void act(
      async () => {
        try {
          const photo = await profileApi.uploadPhoto(file, ({ loaded, total }) => {
            if (total) setProgress(Math.round((loaded / total) * 100));
          });
          return { ...profile, photos: [...profile.photos, photo] };
        } finally {
          setProgress(null);
        }
      },
      // A photo matching a known one is held (issue 31.3): said at once, its reason on the photo.
      (done) => t(done.photos.at(-1)?.status === 'held' ? 'photos.uploadedHeld' : 'photos.uploaded'),
      true,
    );
  };

  return (
    <Section id="profile-photos" icon="photo" title={t('photos.title')} intro={t('photos.intro')}>
      <div className="profile-photos__head">
        <div className="profile-meter" data-testid="photo-counter">
          <span className="profile-meter__text">{t('photos.counter', { used: counter.used, limit: counter.limit })}</span>
          <span className="profile-meter__track" aria-hidden="true">
            <span className="profile-meter__fill" style={{ width: `${Math.min(100, (counter.used / Math.max(1, counter.limit)) * 100)}%` }} />
          </span>
        </div>
      </div>
      {notice && (
        <FormAlert variant={notice.ok ? 'success' : 'danger'} testId="photo-notice">
          {notice.text}
        </FormAlert>
      )}
      <ul className="profile-photos">
        {profile.photos.map((photo) => (
          <PhotoTile
            key={photo.id}
            photo={photo}
            prefix={prefix}
            busy={busy}
            onMain={() =>
              void act(async () => {
                await profileApi.setMainPhoto(photo.id);
                return { ...profile, photos: profile.photos.map((p) => ({ ...p, is_main: p.id === photo.id })) };
              }, t('photos.mainSet'))
            }
            onDelete={() =>
              void act(async () => {
                await profileApi.deletePhoto(photo.id);
                return { ...profile, photos: profile.photos.filter((p) => p.id !== photo.id) };
              }, t('photos.deleted'))
            }
          />
        ))}
        {!counter.full && (
          <li className="profile-photo profile-photo--add">
            {uploading ? (
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
                  onChange={choose}
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
        )}
      </ul>
      {profile.photos.length === 0 && <p className="profile-photos__empty">{t('photos.empty')}</p>}
      {profile.photos.some((photo) => photo.status === 'pending') && (
        <p className="profile-photos__hint">
          <Icon name="clock" size={16} /> {t('photos.pendingHint')}
        </p>
      )}
      {counter.full && (
        <FormAlert variant="info" testId="photo-limit">
          {paidUser || counter.limit >= premiumLimit
            ? t('photos.limitPremium', { limit: counter.limit })
            : t('photos.limitFree', { limit: counter.limit, premium: premiumLimit })}
          {!paidUser && counter.limit < premiumLimit && (
            <>
              {' '}
              <AppLink to="premium" className="alert-link">
                {t('photos.toPremium')}
              </AppLink>
            </>
          )}
        </FormAlert>
      )}
    </Section>
  );
}
