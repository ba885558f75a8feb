/**
 * The match celebration (spec section 2: match modal, layer 2000). Anything that learns
 * of a new match — a like answered `match: true`, a swipe, the likes refresh finding a
 * match the member has not celebrated — calls `celebrate(profile)`; the MatchModal in
 * the app shell shows the queue one by one, on every screen (issue 29.4).
 *
 * Whether a match was celebrated is the server's to say (the like's `match_seen`: the
 * member who completes a match has seen it, the other has not until the celebration
 * shows; `match_new` in the lists). The server keeps it rather than this browser so
 * that a match celebrated on the phone is not celebrated again on the desktop, and one
 * made while every page was closed shows at the next one. What this page remembers
 * (`shownHere`) only bridges the moment between showing a celebration and the server
 * hearing of it: a lists answer on its way meanwhile must not bring it back.
 */
import { create } from 'zustand';
import { registerSessionReset } from '../session';

export interface MatchProfile {
  id: number;
  name: string;
  age?: number;
  main_image: { filename: string; thumb_filename: string } | null;
}

interface MatchState {
  queue: MatchProfile[];
  /** The control that made the first match of the queue (a like button): the focus goes back there. */
  opener: HTMLElement | null;
  celebrate: (profile: MatchProfile, opener?: HTMLElement | null) => void;
  /** The shown celebration is over (closed, or the member followed a link). */
  dismiss: () => void;
}

/** Members whose match this page celebrated and the lists may still call new. */
const shownHere = new Set<number>();

export const useMatch = create<MatchState>()((set) => ({
  queue: [],
  opener: null,
  celebrate: (profile, opener = null) => {
    shownHere.add(profile.id);
    set((state) =>
      state.queue.some((p) => p.id === profile.id)
        ? state
        : { queue: [...state.queue, profile], opener: state.queue.length === 0 ? opener : state.opener },
    );
  },
  dismiss: () =>
    set((state) => {
      const queue = state.queue.slice(1);
      return { queue, opener: queue.length > 0 ? state.opener : null };
    }),
}));

/**
 * What the likes lists say of a match I like back: new (not celebrated on any device)
 * queues its celebration, unless this page showed it already; not new means the server
 * knows it was seen, so a later match with the same member may be celebrated again.
 */
export function matchListed(profile: MatchProfile, isNew: boolean): void {
  if (!isNew) shownHere.delete(profile.id);
  else if (!shownHere.has(profile.id)) useMatch.getState().celebrate(profile);
}

/** A match with this member began just now (live news): the next lists decide. */
export function forgetMatch(id: number): void {
  shownHere.delete(id);
}

/**
 * The match with this member ended just now (live news: they took their like back), so
 * "It's a match!" is no longer true: its celebration leaves the queue, shown or waiting.
 * Lists answered before the news still call the match new and must not bring it back;
 * the lists after it no longer do, and forget it (matchListed).
 */
export function matchEnded(id: number): void {
  shownHere.add(id);
  useMatch.setState((state) => {
    if (!state.queue.some((p) => p.id === id)) return state;
    const queue = state.queue.filter((p) => p.id !== id);
    return { queue, opener: queue.length > 0 ? state.opener : null };
  });
}

registerSessionReset(() => {
  shownHere.clear();
  useMatch.setState({ queue: [], opener: null });
});
