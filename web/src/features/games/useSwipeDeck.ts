/**
 * The swipe game's deck: the cards still to swipe (top first) and today's likes.
 * A swipe takes the card off at once and is sent in the background, one after the
 * other, so answers arrive in order. Likes still on their way count as used, so the
 * like button locks the moment the last one is spent.
 */
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../shared/api/errors';
import { useMatch } from '../../shared/members';
import { type GameCard, type SwipeAllowance, gamesApi } from './gamesApi';

/** Fetch more cards when this few are left. */
export const LOW_WATER = 3;

export type DeckPhase = 'loading' | 'ready' | 'error';

export interface DeckState {
  cards: GameCard[];
  allowance: SwipeAllowance | null;
  /** Likes sent but not answered yet. */
  pendingLikes: number;
  phase: DeckPhase;
  loadError: unknown;
  /** The server had no card the deck did not hold already. */
  exhausted: boolean;
  loadingMore: boolean;
  /** A swipe that failed (the card is back on top). */
  swipeError: unknown;
}

const INITIAL: DeckState = {
  cards: [],
  allowance: null,
  pendingLikes: 0,
  phase: 'loading',
  loadError: null,
  exhausted: false,
  loadingMore: false,
  swipeError: null,
};

/** Likes that may still be given today (0 while unknown). */
export function likesLeft(state: Pick<DeckState, 'allowance' | 'pendingLikes'>): number {
  return state.allowance ? Math.max(0, state.allowance.remaining - state.pendingLikes) : 0;
}

/** New cards of a fetched deck: none the member has or just swiped. */
export function freshCards(current: readonly GameCard[], fetched: readonly GameCard[], swiped: ReadonlySet<number>): GameCard[] {
  const held = new Set(current.map((card) => card.id));
  return fetched.filter((card) => !held.has(card.id) && !swiped.has(card.id));
}

const allowanceOf = ({ limit, remaining, resets_at }: SwipeAllowance): SwipeAllowance => ({ limit, remaining, resets_at });

type Update = (change: (current: DeckState) => Partial<DeckState>) => void;

/** The deck once a fetched one is in: its new cards at the bottom, and today's likes. */
function withDeck(current: DeckState, deck: Awaited<ReturnType<typeof gamesApi.deck>>, swiped: ReadonlySet<number>): Partial<DeckState> {
  const added = freshCards(current.cards, deck.cards, swiped);
  return {
    cards: [...current.cards, ...added],
    allowance: current.pendingLikes === 0 ? allowanceOf(deck) : current.allowance ?? allowanceOf(deck),
    exhausted: added.length === 0,
    phase: 'ready',
  };
}

/** A swipe the server refused: the card is back on top; out of likes locks the like button. */
function refused(current: DeckState, card: GameCard, error: unknown): Partial<DeckState> {
  const outOfLikes = error instanceof ApiError && error.code === 'swipe_out_of_likes';
  return {
    cards: [card, ...current.cards.filter((c) => c.id !== card.id)],
    ...(outOfLikes && current.allowance
      ? { allowance: { ...current.allowance, remaining: 0, resets_at: String(error.params.resets_at ?? current.allowance.resets_at) } }
      : { swipeError: error }),
  };
}

/** Sends one swipe; a refused one puts its card back. */
async function sendSwipe(card: GameCard, like: boolean, update: Update, swiped: Set<number>): Promise<void> {
  try {
    const answer = await gamesApi.swipe(card.id, like);
    update(() => ({ allowance: allowanceOf(answer) }));
    if (answer.match && answer.profile) useMatch.getState().celebrate(answer.profile);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'already_swiped') return; // swiped in another tab: it is gone either way
    swiped.delete(card.id);
    update((current) => refused(current, card, error));
  } finally {
    if (like) update((current) => ({ pendingLikes: current.pendingLikes - 1 }));
  }
}

/** The deck's cards, fetched when the screen opens and whenever the stack runs low. */
function useDeckFetching(state: DeckState, update: Update, queueRef: RefObject<Promise<void>>, swipedRef: RefObject<Set<number>>) {
  const fetchingRef = useRef(false);
  /** Waits for the swipes on their way (the server must know them), then fetches. */
  const fetchMore = useCallback(
    async (first: boolean) => {
      if (fetchingRef.current) return;
      fetchingRef.current = true;
      update(() => (first ? { phase: 'loading', loadError: null } : { loadingMore: true }));
      try {
        await queueRef.current;
        const deck = await gamesApi.deck();
        update((current) => withDeck(current, deck, swipedRef.current));
      } catch (error) {
        update((current) => (first || current.cards.length === 0 ? { phase: 'error', loadError: error } : { exhausted: true }));
      } finally {
        fetchingRef.current = false;
        update(() => ({ loadingMore: false }));
      }
    },
    [update, queueRef, swipedRef],
  );

  // Keep the stack filled: fetch when it runs low, until the server has nothing new.
  const low = state.phase === 'ready' && state.cards.length <= LOW_WATER && !state.exhausted && !state.loadingMore;
  useEffect(() => {
    if (low) void fetchMore(false);
  }, [low, fetchMore]);
  return fetchMore;
}

export function useSwipeDeck() {
  const [state, setState] = useState<DeckState>(INITIAL);
  const live = useRef(true);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const swiped = useRef(new Set<number>());

  const update = useCallback((change: (current: DeckState) => Partial<DeckState>) => {
    if (live.current) setState((current) => ({ ...current, ...change(current) }));
  }, []);
  const fetchMore = useDeckFetching(state, update, queue, swiped);

  useEffect(() => {
    live.current = true;
    void fetchMore(true);
    return () => {
      live.current = false;
    };
  }, [fetchMore]);

  const swipe = useCallback(
    (card: GameCard, like: boolean) => {
      swiped.current.add(card.id);
      update((current) => ({
        cards: current.cards.filter((c) => c.id !== card.id),
        pendingLikes: current.pendingLikes + (like ? 1 : 0),
        swipeError: null,
      }));
      queue.current = queue.current.then(() => sendSwipe(card, like, update, swiped.current));
    },
    [update],
  );

  const retry = useCallback(() => {
    update(() => ({ exhausted: false }));
    void fetchMore(true);
  }, [fetchMore, update]);

  return { state, swipe, retry };
}
