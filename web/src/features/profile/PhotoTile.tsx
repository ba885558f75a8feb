import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OwnPhoto } from '../../shared/api/types';
import { AppLink } from '../../shared/routing/AppLink';
import { Icon, type IconName } from '../../shared/ui/icons';
import { photoUrl } from './profileLogic';

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

/** Main photo and review state. */
function PhotoBadges({ photo }: { photo: OwnPhoto }) {
  const { t } = useTranslation('profile');
  return (
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
  );
}

/** "Delete this photo?": yes or cancel. */
function DeleteConfirm({ busy, onDelete, onCancel }: { busy: boolean; onDelete: () => void; onCancel: () => void }) {
  const { t } = useTranslation('profile');
  return (
    <div className="profile-photo__confirm" role="group" aria-label={t('photos.deleteConfirm')}>
      <p>{t('photos.deleteConfirm')}</p>
      <div className="d-flex gap-2">
        <button
          type="button"
          className="btn btn-danger btn-sm rounded-pill"
          disabled={busy}
          onClick={onDelete}
          data-testid="photo-delete-confirm"
        >
          {t('photos.deleteYes')}
        </button>
        <button type="button" className="btn btn-light btn-sm rounded-pill" onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </div>
  );
}

/** Make main (an approved photo only) and delete. */
function PhotoActions({ photo, busy, onMain, onAskDelete }: { photo: OwnPhoto; busy: boolean; onMain: () => void; onAskDelete: () => void }) {
  const { t } = useTranslation('profile');
  return (
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
        onClick={onAskDelete}
        aria-label={t('photos.delete')}
        title={t('photos.delete')}
        data-testid="photo-delete"
      >
        <Icon name="trash" size={16} />
      </button>
    </div>
  );
}

/** One of my photos: its thumbnail, badges, why it was refused, and its actions. */
export function PhotoTile({
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
      <PhotoBadges photo={photo} />
      {confirming ? (
        <DeleteConfirm
          busy={busy}
          onDelete={() => {
            setConfirming(false);
            onDelete();
          }}
          onCancel={() => setConfirming(false)}
        />
      ) : (
        <PhotoActions photo={photo} busy={busy} onMain={onMain} onAskDelete={() => setConfirming(true)} />
      )}
    </li>
  );
}
