import './likes.scss';
import { Suspense, lazy, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoginRequired } from '../../shared/api/errors';
import { Icon } from '../../shared/ui/icons';
import { useIsLoggedIn } from '../../shared/session';
import { likeErrorText } from './likeErrors';
import { likesApi } from './likesApi';
import { reloadLikes } from './likesStore';
import { useMatch } from '../../shared/members/matchStore';

const LikeGate = lazy(() => import('./LikeGate').then((m) => ({ default: m.LikeGate })));

export interface LikeButtonProps {
  /** Who to like; the celebration takes the server's answer, so a name is enough here. */
  member: { id: number; name: string };
  liked: boolean;
  /** They like me already: the button says "Like back". */
  likesMe?: boolean;
  /** After a like or unlike went through; `match` when the like made one. */
  onChange?: (liked: boolean, match: boolean) => void;
  /** `pill`: a button with words (profile, lists); `icon`: a round heart on a photo. */
  variant?: 'pill' | 'icon';
  /** A smaller pill, for cards. */
  small?: boolean;
  className?: string;
}

/**
 * The like's state and its change: shown at once, taken back when the server says no; a
 * like that makes a match starts the celebration. Visitors get the login / signup prompt.
 */
function useLikeToggle(member: LikeButtonProps['member'], likedProp: boolean, onChange: LikeButtonProps['onChange']) {
  // One useTranslation per button (the button's own): each call keeps a copy of the i18n
  // instance per mounted component, and every search card has a button (issue 36.5).
  const { t, i18n } = useTranslation('likes');
  const loggedIn = useIsLoggedIn();
  const [liked, setLiked] = useState(likedProp);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [prompt, setPrompt] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  // A fresh answer from the server (the lists reloaded) wins over the local state: seen
  // while rendering (React's way for state that follows a prop).
  const [answered, setAnswered] = useState(likedProp);
  if (likedProp !== answered) {
    setAnswered(likedProp);
    setLiked(likedProp);
  }

  const toggle = async () => {
    if (!loggedIn) {
      setPrompt(true);
      return;
    }
    const next = !liked;
    setLiked(next);
    setBusy(true);
    setError(null);
    try {
      let match = false;
      if (next) {
        const result = await likesApi.like(member.id);
        match = result.match;
        if (match) useMatch.getState().celebrate(result.profile, button.current);
      } else {
        await likesApi.unlike(member.id);
      }
      onChange?.(next, match);
      void reloadLikes();
    } catch (failure) {
      setLiked(!next);
      if (failure instanceof LoginRequired) setPrompt(true);
      else setError(likeErrorText(t, i18n.getFixedT(null, 'common'), failure));
    } finally {
      setBusy(false);
    }
  };
  return { t, liked, busy, error, prompt, hidePrompt: () => setPrompt(false), button, toggle };
}

/**
 * Like / unlike with a heart. The change shows at once and is taken back when the
 * server says no; a like that makes a match starts the celebration. Visitors get the
 * login / signup prompt instead.
 */
export function LikeButton({ member, liked: likedProp, likesMe = false, onChange, variant = 'pill', small = false, className = '' }: LikeButtonProps) {
  const { t, liked, busy, error, prompt, hidePrompt, button, toggle } = useLikeToggle(member, likedProp, onChange);

  const name = member.name;
  const label = liked ? t('button.unlikeName', { name }) : likesMe ? t('button.likeBackName', { name }) : t('button.likeName', { name });
  const text = liked ? t('button.liked') : likesMe ? t('button.likeBack') : t('button.like');
  const classes =
    variant === 'icon'
      ? `like-button like-button--icon${liked ? ' is-liked' : ''}`
      : `btn rounded-pill like-button like-button--pill ${small ? 'btn-sm' : 'px-4'}${liked ? ' is-liked' : ''}`;

  return (
    <>
      <button
        ref={button}
        type="button"
        className={`${classes} ${className}`}
        onClick={() => void toggle()}
        disabled={busy}
        aria-pressed={liked}
        aria-busy={busy}
        aria-label={variant === 'icon' ? label : undefined}
        title={label}
        data-testid="like-button"
      >
        {busy && variant === 'pill' ? (
          <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
        ) : (
          <Icon name="heart" size={variant === 'icon' ? 20 : 18} className={variant === 'pill' ? 'me-2 like-button__heart' : 'like-button__heart'} />
        )}
        {variant === 'pill' && text}
      </button>
      {error && (
        <span className="like-button__error" role="alert" data-testid="like-error">
          {error}
        </span>
      )}
      {prompt && (
        <Suspense fallback={null}>
          <LikeGate name={name} onHide={hidePrompt} />
        </Suspense>
      )}
    </>
  );
}
