import './games.scss';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/i18n/dates';
import { translateError } from '../../shared/i18n/translateError';
import { FormAlert } from '../../shared/ui/alerts';
import { PhotoNudge } from '../../shared/ui/PhotoNudge';
import { useSession } from '../../shared/session';
import { useMatch } from '../../shared/members';
import { AppLink } from '../../shared/routing/AppLink';
import { Icon } from '../../shared/ui/icons';
import { usePageTitle } from '../../shared/title';
import type { GameCard } from './gamesApi';
import { useReducedMotion } from './gameUi';
import { useKeyboardHint } from './keyboardHint';
import { AT_REST, FlyingCard, type Offset, StackedCard, SwipeCard } from './SwipeCard';
import type { SwipeDirection } from '../../shared/ui/swipeGesture';
import { likesLeft, useSwipeDeck } from './useSwipeDeck';

interface Flight {
  key: number;
  card: GameCard;
  direction: SwipeDirection;
  from: Offset;
}

/** How many cards show in the stack (the top one plus those peeking out below). */
const STACK = 3;
/** The fly-off animation's length (see games.scss). */
const FLIGHT_MS = 350;

/**
 * The game's rule before the first swipe, and today's likes as hearts plus words:
 * "4 likes a day; 2 left today" (spec sections 6 and 9: 4 likes a day).
 */
function LikesMeter({ left, limit }: { left: number; limit: number }) {
  const { t } = useTranslation('games');
  return (
    <p className={`likes-meter${left === 0 ? ' is-empty' : ''}`} data-testid="swipe-likes-left" aria-live="polite">
      <span className="likes-meter__hearts" aria-hidden="true">
        {Array.from({ length: Math.min(limit, 10) }, (_, index) => (
          <Icon key={index} name="heart" size={16} className={index < left ? 'is-on' : undefined} />
        ))}
      </span>
      <span>{t('swipe.rule', { left, limit })}</span>
    </p>
  );
}

/**
 * No likes left today: when they come back, in the member's language and time zone, and
 * the way on to Discover, where likes have no daily limit. Paying does not lift the
 * game's limit, so a member who just paid gets the same way on, not a dead end.
 */
function OutOfLikes({ resetsAt, limit }: { resetsAt: string; limit: number }) {
  const { t } = useTranslation('games');
  return (
    <div className="swipe-out" role="status" data-testid="swipe-out-of-likes">
      <span className="swipe-out__icon" aria-hidden="true">
        <Icon name="clock" size={24} />
      </span>
      <div className="swipe-out__body">
        <h2 className="swipe-out__title">{t('swipe.out.title')}</h2>
        <p className="swipe-out__text">{t('swipe.out.text', { limit, time: formatDateTime(resetsAt) })}</p>
        <p className="swipe-out__text">{t('swipe.out.more', { limit })}</p>
        <AppLink to="members" className="btn btn-primary rounded-pill px-4 swipe-out__discover" data-testid="swipe-out-discover">
          <Icon name="search" size={18} className="me-2" />
          {t('swipe.out.discover')}
        </AppLink>
      </div>
    </div>
  );
}

function EmptyDeck() {
  const { t } = useTranslation('games');
  return (
    <div className="game-empty" data-testid="swipe-empty">
      <span className="game-empty__icon" aria-hidden="true">
        <Icon name="sparkle" size={28} />
      </span>
      <h2 className="game-empty__title">{t('swipe.empty.title')}</h2>
      <p className="game-empty__text">{t('swipe.empty.text')}</p>
      <div className="game-empty__actions">
        <AppLink to="members" className="btn btn-primary rounded-pill px-4">
          {t('swipe.empty.search')}
        </AppLink>
        <AppLink to="match-finder" className="btn btn-outline-primary rounded-pill px-4">
          {t('swipe.empty.finder')}
        </AppLink>
      </div>
    </div>
  );
}

/** Arrow keys swipe, unless the member types somewhere or a dialog is open. */
function useArrowKeys(onKey: (direction: SwipeDirection) => void) {
  const latest = useRef(onKey);
  useEffect(() => {
    latest.current = onKey;
  });
  useEffect(() => {
    const handle = (event: KeyboardEvent) => {
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || event.defaultPrevented) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest('input, select, textarea, [contenteditable="true"], [role="dialog"]')) return;
      if (document.body.classList.contains('modal-open') || useMatch.getState().queue.length > 0) return;
      event.preventDefault();
      latest.current(event.key === 'ArrowRight' ? 'like' : 'pass');
    };
    window.addEventListener('keydown', handle);
    return () => window.removeEventListener('keydown', handle);
  }, []);
}

/** Cards flying off after a swipe (at most three at once), each gone when it lands. */
function useFlights() {
  const [flights, setFlights] = useState<Flight[]>([]);
  const flightKey = useRef(0);
  const land = useCallback((key: number) => setFlights((current) => current.filter((f) => f.key !== key)), []);
  const launch = useCallback(
    (card: GameCard, direction: SwipeDirection, from: Offset) => {
      const key = ++flightKey.current;
      setFlights((current) => [...current.slice(-2), { key, card, direction, from }]);
      // The flight also ends if its animation never runs (deck hidden meanwhile).
      window.setTimeout(() => land(key), FLIGHT_MS + 200);
    },
    [land],
  );
  return { flights, land, launch };
}

/**
 * The deck and the member's decisions on its top card: by swipe, button or arrow key.
 * Says each decision for screen readers and lets the card fly off unless motion is reduced.
 */
function useSwipeGame() {
  const { t } = useTranslation('games');
  const reducedMotion = useReducedMotion();
  const { state, swipe, retry } = useSwipeDeck();
  const { flights, land, launch } = useFlights();
  const [said, setSaid] = useState('');
  const likeButton = useRef<HTMLButtonElement>(null);
  const passButton = useRef<HTMLButtonElement>(null);
  const top = state.cards[0];
  const left = likesLeft(state);
  const canLike = left > 0;

  const decide = useCallback(
    (direction: SwipeDirection, from: Offset = AT_REST) => {
      if (!top || (direction === 'like' && !canLike)) return;
      swipe(top, direction === 'like');
      // The last like disables its button: keep keyboard focus on the deck.
      if (direction === 'like' && left === 1 && document.activeElement === likeButton.current) passButton.current?.focus();
      setSaid(t(direction === 'like' ? 'swipe.liked' : 'swipe.passed', { name: top.name }));
      if (!reducedMotion) launch(top, direction, from);
    },
    [top, canLike, left, swipe, t, reducedMotion, launch],
  );
  useArrowKeys(decide);
  return { state, retry, top, left, canLike, decide, flights, land, said, likeButton, passButton };
}

type SwipeGame = ReturnType<typeof useSwipeGame>;

/** The stack: cards peeking out below, the top card to swipe, and those flying off. */
function SwipeDeck({ game: { state, canLike, decide, flights, land }, top }: { game: SwipeGame; top: GameCard }) {
  return (
    <div className="swipe-deck">
      {state.cards
        .slice(1, STACK)
        .reverse()
        .map((card) => (
          <StackedCard key={card.id} card={card} depth={state.cards.indexOf(card)} />
        ))}
      <SwipeCard key={top.id} card={top} canLike={canLike} onSwipe={decide} />
      {flights.map((flight) => (
        <FlyingCard key={flight.key} card={flight.card} direction={flight.direction} from={flight.from} onGone={() => land(flight.key)} />
      ))}
    </div>
  );
}

/** Pass and like as buttons, for those who do not swipe. */
function SwipeActions({ game: { canLike, decide, likeButton, passButton }, top }: { game: SwipeGame; top: GameCard }) {
  const { t } = useTranslation('games');
  return (
    <div className="swipe-actions">
      <button ref={passButton} type="button" className="swipe-actions__button swipe-actions__button--pass" onClick={() => decide('pass')} aria-label={t('swipe.passName', { name: top.name })} data-testid="swipe-pass">
        <span aria-hidden="true">✕</span>
      </button>
      <button
        ref={likeButton}
        type="button"
        className="swipe-actions__button swipe-actions__button--like"
        onClick={() => decide('like')}
        disabled={!canLike}
        aria-label={t('swipe.likeName', { name: top.name })}
        title={canLike ? undefined : t('swipe.out.title')}
        data-testid="swipe-like"
      >
        <Icon name="heart" size={30} />
      </button>
    </div>
  );
}

/** The deck could not load: the reason and a retry. */
function SwipeLoadError({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation('games');
  const tc = useTranslation('common').t;
  return (
    <div className="container game-page">
      <FormAlert testId="swipe-error">
        {translateError(tc, error)}{' '}
        <button type="button" className="btn btn-link p-0 align-baseline" onClick={retry}>
          {t('retry')}
        </button>
      </FormAlert>
    </div>
  );
}

/** The deck while it loads, once it is empty, or the cards to decide on. */
function SwipeBoard({ game }: { game: SwipeGame }) {
  const { t } = useTranslation('games');
  const keyboard = useKeyboardHint();
  const { state, top } = game;
  if (state.phase === 'loading' || (!top && !state.exhausted)) {
    return (
      <div className="game-loading" aria-busy="true" data-testid="swipe-loading">
        <span className="spinner-border text-primary" aria-hidden="true" />
        <span className="visually-hidden">{t('swipe.loading')}</span>
      </div>
    );
  }
  if (!top) return <EmptyDeck />;
  return (
    <>
      <SwipeDeck game={game} top={top} />
      <SwipeActions game={game} top={top} />
      <p className="swipe-game__hint">
        {t('swipe.hint')} {keyboard && <span className="swipe-game__keys">{t('swipe.hintKeys')}</span>}
      </p>
    </>
  );
}

/** /swipe-game: like or pass card by card, with a few likes a day (spec sections 6 and 9). */
export function SwipeGamePage() {
  const { t } = useTranslation('games');
  const tc = useTranslation('common').t;
  usePageTitle(t('swipe.title'));
  const user = useSession((s) => s.user);
  const game = useSwipeGame();
  const { state, left, canLike } = game;

  if (state.phase === 'error') return <SwipeLoadError error={state.loadError} retry={game.retry} />;

  const allowance = state.allowance;
  return (
    <div className="container game-page swipe-game" data-testid="swipe-game">
      <header className="swipe-game__head">
        <h1 className="swipe-game__title">{t('swipe.title')}</h1>
        {allowance && <LikesMeter left={left} limit={allowance.limit} />}
      </header>

      {allowance && !canLike && <OutOfLikes resetsAt={allowance.resets_at} limit={allowance.limit} />}
      {user && <PhotoNudge mainImage={user.profile.main_image} />}
      {state.swipeError !== null && <FormAlert testId="swipe-failed">{translateError(tc, state.swipeError)}</FormAlert>}

      <SwipeBoard game={game} />
      <p className="visually-hidden" aria-live="polite">
        {game.said}
      </p>
    </div>
  );
}
