import './likes.scss';
import { useEffect, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { pathTo } from '../../shared/routing/paths';
import { FictionalBadge, PlaceholderAvatar, imageUrl } from '../../shared/members';
import { LoginRequired } from '../../shared/api/errors';
import { Icon } from '../../shared/ui/icons';
import { useSettings } from '../../shared/site';
import { likeErrorText } from './likeErrors';
import { useLikeModal } from './likeModalStore';
import { type AutoLikeProfile, likesApi } from './likesApi';
import { reloadLikes } from './likesStore';
import { useMatch } from '../../shared/members/matchStore';

/** The lists are reloaded this long after the modal shows (the offer changed them). */
export const RELOAD_AFTER_MS = 500;

/** Liking them back from the modal: closes it, and celebrates when it makes a match. */
function useLikeBack(id: number, close: () => void) {
  const { t } = useTranslation('likes');
  const tc = useTranslation('common').t;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const likeBack = async () => {
    setBusy(true);
    setError(null);
    try {
      const result = await likesApi.like(id);
      close();
      if (result.match) useMatch.getState().celebrate(result.profile);
      void reloadLikes();
    } catch (failure) {
      if (failure instanceof LoginRequired) close();
      else setError(likeErrorText(t, tc, failure));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, likeBack };
}

/** Who likes you: photo with a heart, name and age, and whether the profile is fictional. */
function Liker({ profile }: { profile: AutoLikeProfile }) {
  const { t } = useTranslation('likes');
  const prefix = useSettings((s) => s.settings?.cdn_prefix ?? '');
  // A fictional profile says so in words too, not by its mark alone (issue 29.3).
  const fictionalLabel = useSettings((s) => s.settings?.fictional_singular) || t('fictional.label', { ns: 'discovery' });
  const { name, age } = profile;
  return (
    <>
      <div className="like-modal__photo">
        {profile.main_image ? <img src={imageUrl(prefix, profile.main_image.match)} alt={t('modal.photoAlt', { name })} /> : <PlaceholderAvatar />}
        <span className="like-modal__badge" aria-hidden="true">
          <Icon name="heart" size={26} />
        </span>
      </div>
      <h2 id="like-modal-title" className="like-modal__title" data-testid="like-modal-title">
        {t('modal.title', { name })}
      </h2>
      <p className="like-modal__who">{t('modal.nameAge', { name, age })}</p>
      {profile.is_fictional && (
        <p className="like-modal__fictional" data-testid="like-modal-fictional">
          <FictionalBadge />
          <span aria-hidden="true">{fictionalLabel}</span>
        </p>
      )}
    </>
  );
}

/** "<name> likes you": like back, view the profile, or not now. */
export function LikeModal() {
  const { t } = useTranslation('likes');
  const navigate = useNavigate();
  const profile = useLikeModal((s) => s.profile);
  const close = useLikeModal((s) => s.close);
  const { busy, error, likeBack } = useLikeBack(profile?.id ?? 0, close);

  useEffect(() => {
    const timer = setTimeout(() => void reloadLikes(), RELOAD_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);

  if (!profile) return null;
  const view = () => {
    close();
    void navigate(pathTo('likes-m-id', { id: profile.id }));
  };

  return (
    <Modal show onHide={close} centered aria-labelledby="like-modal-title" className="like-modal" data-testid="like-modal">
      <Modal.Body className="like-modal__body">
        <button type="button" className="btn-close like-modal__x" onClick={close} aria-label={t('close')} />
        <Liker profile={profile} />
        <p className="like-modal__text">{t('modal.text', { name: profile.name })}</p>
        {error && (
          <p className="like-modal__error" role="alert">
            {error}
          </p>
        )}
        <div className="d-grid gap-2">
          <button type="button" className="btn btn-primary btn-lg rounded-pill" onClick={() => void likeBack()} disabled={busy} data-testid="like-modal-like">
            {busy ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : <Icon name="heart" size={20} className="me-2" />}
            {t('modal.likeBack')}
          </button>
          <button type="button" className="btn btn-outline-primary rounded-pill" onClick={view} disabled={busy} data-testid="like-modal-view">
            {t('modal.view')}
          </button>
          <button type="button" className="btn btn-link text-body-secondary" onClick={close} disabled={busy} data-testid="like-modal-later">
            {t('modal.notNow')}
          </button>
        </div>
      </Modal.Body>
    </Modal>
  );
}
