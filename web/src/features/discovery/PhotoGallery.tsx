import './discovery.scss';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, LoginRequired } from '../../shared/api/errors';
import { translateError } from '../../shared/i18n/translateError';
import { FormAlert } from '../../shared/ui/alerts';
import { useBusy } from '../../shared/ui/form';
import { AppLink } from '../../shared/routing/AppLink';
import { Icon } from '../../shared/ui/icons';
import { keepCredits, useSession } from '../../shared/session';
import { useSettings } from '../../shared/site';
import { type MemberPhoto, type MemberProfile, PlaceholderAvatar, imageUrl } from '../../shared/members';
import { discoveryApi } from './discoveryApi';
import { UnlockConfirm } from './UnlockConfirm';

/** A photo only premium members see: a blurred tile with a lock (and, large, the ways to open it). */
function LockedTile({ large = false, children }: { large?: boolean; children?: ReactNode }) {
  const { t } = useTranslation('discovery');
  return (
    <div className={`locked-photo${large ? ' locked-photo--large' : ''}`} data-testid="locked-photo">
      <span className="locked-photo__blur" aria-hidden="true" />
      <span className="locked-photo__lock">
        <Icon name="lock" size={large ? 30 : 18} />
      </span>
      <span className="visually-hidden">{t('profile.locked')}</span>
      {children}
    </div>
  );
}

/**
 * On the large locked photo: open this one for the site's photo_credits (free members
 * with a login, when the site sells single photos; the tap asks first, UnlockConfirm),
 * or become premium for all of them.
 */
function UnlockOffer({ cost, busy, onUnlock }: { cost: number | null; busy: boolean; onUnlock: () => void }) {
  const { t } = useTranslation('discovery');
  return (
    <div className="locked-photo__offer" data-testid="unlock-offer">
      {cost !== null && (
        <button type="button" className="btn btn-primary rounded-pill px-4" onClick={onUnlock} disabled={busy} aria-busy={busy} data-testid="unlock-photo">
          {busy ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : <Icon name="key" size={18} className="me-2" />}
          {t('profile.unlock', { credits: cost })}
        </button>
      )}
      <AppLink to="premium" className="locked-photo__premium" data-testid="unlock-premium">
        {t('profile.unlockPremium')}
      </AppLink>
    </div>
  );
}

/** Why the photo stayed locked; out of credits offers to buy them. */
function UnlockError({ error }: { error: unknown }) {
  const { t } = useTranslation('discovery');
  const tc = useTranslation('common').t;
  const code = error instanceof ApiError ? error.code : null;
  return (
    <FormAlert testId="unlock-error">
      {error instanceof LoginRequired ? tc('errors.authentication_required') : translateError(tc, error)}
      {code === 'not_enough_credits' && (
        <>
          {' '}
          <AppLink to="credits" className="fw-semibold" data-testid="unlock-buy-credits">
            {t('profile.buyCredits')}
          </AppLink>
        </>
      )}
    </FormAlert>
  );
}

/**
 * Opening one locked photo (issue 29.5): for sale to logged-in free members only (premium
 * members see all), never one's own (the server locks them alike when a free member views
 * their profile), after "Unlock for 5 credits?".
 */
function usePhotoUnlock(profile: MemberProfile, onChange?: (profile: MemberProfile) => void) {
  const user = useSession((s) => s.user);
  const { busy, run } = useBusy();
  const [error, setError] = useState<{ photo: number; error: unknown } | null>(null);
  // The photo whose unlock waits for "Unlock for 5 credits?"; it stays while the dialog fades out.
  const [asking, setAsking] = useState<{ photo: MemberPhoto; number: number } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const price = profile.photo_credits ?? 0;
  const cost = onChange && user && !user.paid_user && user.id !== profile.id && price > 0 ? price : null;

  const unlock = (photo: MemberPhoto) =>
    void run(async () => {
      setError(null);
      try {
        const answer = await discoveryApi.unlockPhoto(profile.id, photo.id);
        keepCredits(answer.credits);
        onChange?.({ ...profile, photos: profile.photos.map((p) => (p.id === photo.id ? answer.photo : p)) });
      } catch (failure) {
        setError({ photo: photo.id, error: failure });
      }
    });
  const ask = (photo: MemberPhoto, number: number) => {
    setAsking({ photo, number });
    setConfirming(true);
  };
  const confirm = (
    <UnlockConfirm
      ask={asking && cost !== null ? { name: profile.name, number: asking.number, price: cost, balance: user?.credits ?? 0 } : null}
      show={confirming}
      onConfirm={() => {
        setConfirming(false);
        if (asking) unlock(asking.photo);
      }}
      onCancel={() => setConfirming(false)}
    />
  );
  return { busy, error, cost, ask, confirm };
}

/** Previous and next photo. */
function GallerySteps({ count, setIndex }: { count: number; setIndex: (step: (index: number) => number) => void }) {
  const { t } = useTranslation('discovery');
  return (
    <>
      <button type="button" className="gallery__step gallery__step--previous" onClick={() => setIndex((i) => (i - 1 + count) % count)} aria-label={t('profile.previousPhoto')}>
        <Icon name="arrowLeft" size={20} />
      </button>
      <button type="button" className="gallery__step gallery__step--next" onClick={() => setIndex((i) => (i + 1) % count)} aria-label={t('profile.nextPhoto')}>
        <Icon name="arrowLeft" size={20} />
      </button>
    </>
  );
}

/** The photos small, to pick one. */
function GalleryThumbs({ photos, index, setIndex }: { photos: MemberPhoto[]; index: number; setIndex: (index: number) => void }) {
  const { t } = useTranslation('discovery');
  const prefix = useSettings((s) => s.settings?.cdn_prefix ?? '');
  return (
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
  );
}

/** Under photos of which some are locked: premium members see all. */
function LockedNote() {
  const { t } = useTranslation('discovery');
  return (
    <p className="gallery__note" data-testid="locked-note">
      <Icon name="lock" size={16} />
      <span>{t('profile.lockedNote')}</span>
      <AppLink to="premium" className="gallery__premium">
        {t('profile.toPremium')}
      </AppLink>
    </p>
  );
}

/** The member's photos: one large, the rest as thumbnails, with "1 / 4". */
export function PhotoGallery({ profile, onChange }: { profile: MemberProfile; onChange?: (profile: MemberProfile) => void }) {
  const { t } = useTranslation('discovery');
  const prefix = useSettings((s) => s.settings?.cdn_prefix ?? '');
  const ownId = useSession((s) => s.user?.id);
  const { busy, error, cost, ask, confirm } = usePhotoUnlock(profile, onChange);
  const [index, setIndex] = useState(0);
  const photos = profile.photos;
  const total = Math.max(profile.photo_count, photos.length);
  const current = photos[Math.min(index, photos.length - 1)];

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
          <LockedTile large>{current.locked && <UnlockOffer cost={cost} busy={busy} onUnlock={() => ask(current, photos.indexOf(current) + 1)} />}</LockedTile>
        ) : (
          <img src={imageUrl(prefix, current.filename)} alt={t('profile.photoAlt', { number: index + 1, name: profile.name })} />
        )}
        {photos.length > 1 && <GallerySteps count={photos.length} setIndex={setIndex} />}
        <span className="gallery__count" data-testid="photo-count">
          <Icon name="photo" size={16} />
          {t('profile.photoCount', { current: index + 1, total })}
        </span>
        {/* The exact photo to the report form (issue 30.4); not one's own, not a locked one. */}
        {!current.locked && current.filename && ownId !== profile.id && (
          <AppLink to="complaints" suffix={`?member=${profile.id}&photo=${current.id}`} className="gallery__report" data-testid="report-photo">
            <Icon name="warning" size={14} />
            {t('profile.reportPhoto')}
          </AppLink>
        )}
      </div>
      {error && error.photo === current.id && <UnlockError error={error.error} />}
      {photos.length > 1 && <GalleryThumbs photos={photos} index={index} setIndex={setIndex} />}
      {confirm}
      {photos.some((photo) => photo.locked) && <LockedNote />}
    </div>
  );
}
