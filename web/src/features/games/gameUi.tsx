/** Pieces shared by the games: the member's photo, place and interests, and a like button. */
import './games.scss';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateError } from '../../shared/i18n/translateError';
import { FictionalBadge, PlaceholderAvatar, imageUrl, prettifyKey, useMatch } from '../../shared/members';
import { Icon } from '../../shared/ui/icons';
import { countryName, useSettings } from '../../shared/site';
import { type GameCard, gamesApi } from './gamesApi';

/** The photo of a game card, or the drawn avatar when the member has none. */
export function GamePhoto({ card, size }: { card: GameCard; size: 'full' | 'thumb' }) {
  const prefix = useSettings((s) => s.settings?.cdn_prefix ?? '');
  if (!card.main_image) return <PlaceholderAvatar gender={card.gender} />;
  const file = size === 'full' ? card.main_image.filename : card.main_image.thumb_filename;
  return <img src={imageUrl(prefix, file)} alt="" draggable={false} decoding="async" />;
}

/**
 * A fictional profile's mark with its name in words (settings.fictional_singular), on
 * every card of the games: the mark alone is easy to miss (issue 29.3).
 */
export function FictionalTag({ className = '' }: { className?: string }) {
  const { t } = useTranslation('discovery');
  const singular = useSettings((s) => s.settings?.fictional_singular);
  return (
    <span className={`game-fictional ${className}`} data-testid="game-fictional">
      <FictionalBadge className="game-fictional__mark" />
      {/* The mark says the same to screen readers. */}
      <span aria-hidden="true">{singular || t('fictional.label')}</span>
    </span>
  );
}

/** The city, else the country, in the interface language. */
export function usePlace(card: Pick<GameCard, 'city' | 'country'>): string {
  const { i18n } = useTranslation();
  return card.city || countryName(card.country, i18n.language);
}

/** Interest chips: the shared ones first and highlighted, then the rest up to `max`. */
export function InterestChips({ interests, shared = [], max }: { interests: readonly string[]; shared?: readonly string[]; max: number }) {
  const { t } = useTranslation('games');
  const tp = useTranslation('profile').t;
  const ordered = [...shared.filter((key) => interests.includes(key)), ...interests.filter((key) => !shared.includes(key))];
  const shown = ordered.slice(0, Math.max(max, shared.length));
  if (shown.length === 0) return null;
  const more = ordered.length - shown.length;
  return (
    <ul className="game-chips">
      {shown.map((key) => {
        const common = shared.includes(key);
        return (
          <li key={key} className={`game-chips__chip${common ? ' is-shared' : ''}`} data-shared={common || undefined}>
            {common && <Icon name="heart" size={12} />}
            {common && <span className="visually-hidden">{t('match.shared')}: </span>}
            {tp(`interest.${key}`, { defaultValue: prettifyKey(key) })}
          </li>
        );
      })}
      {more > 0 && <li className="game-chips__more">+{more}</li>}
    </ul>
  );
}

/**
 * Like and unlike from a game's result list. A like that makes a match is celebrated
 * by the match modal of the app shell.
 */
export function GameLikeButton({ card }: { card: Pick<GameCard, 'id' | 'name'> }) {
  const { t } = useTranslation('games');
  const tc = useTranslation('common').t;
  const [liked, setLiked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const toggle = async () => {
    setBusy(true);
    setError(null);
    try {
      if (liked) {
        await gamesApi.unlike(card.id);
        setLiked(false);
      } else {
        const answer = await gamesApi.like(card.id);
        setLiked(true);
        if (answer.match) useMatch.getState().celebrate(answer.profile);
      }
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="game-like">
      <button
        type="button"
        className={`btn rounded-pill game-like__button${liked ? ' is-liked' : ''}`}
        aria-pressed={liked}
        onClick={() => void toggle()}
        disabled={busy}
        data-testid="game-like"
      >
        <Icon name={liked ? 'check' : 'heart'} size={18} />
        {/* The visible word starts the name (WCAG label in name); pressing again takes the like back. */}
        <span>
          {liked ? t('match.liked') : t('match.like')}
          <span className="visually-hidden">: {card.name}</span>
        </span>
      </button>
      {error !== null && (
        <p className="game-like__error" role="alert">
          {translateError(tc, error)}
        </p>
      )}
    </div>
  );
}

/** Whether the member asked the system for less motion. */
export function useReducedMotion(): boolean {
  const query = '(prefers-reduced-motion: reduce)';
  const [reduced, setReduced] = useState(() => typeof window.matchMedia === 'function' && window.matchMedia(query).matches);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const media = window.matchMedia(query);
    const change = () => setReduced(media.matches);
    media.addEventListener?.('change', change);
    return () => media.removeEventListener?.('change', change);
  }, []);
  return reduced;
}
