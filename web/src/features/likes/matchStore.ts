/**
 * The match celebration (spec section 2: match modal, layer 2000). Anything that learns
 * of a new match — a like answered `match: true`, a swipe, the likes refresh finding a
 * match the member has not celebrated — calls `celebrate(profile)`; the MatchModal in
 * the app shell shows the queue one by one.
 */
import { create } from 'zustand';

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

export const useMatch = create<MatchState>()((set) => ({
  queue: [],
  opener: null,
  celebrate: (profile, opener = null) =>
    set((state) =>
      state.queue.some((p) => p.id === profile.id)
        ? state
        : { queue: [...state.queue, profile], opener: state.queue.length === 0 ? opener : state.opener },
    ),
  dismiss: () =>
    set((state) => {
      const queue = state.queue.slice(1);
      return { queue, opener: queue.length > 0 ? state.opener : null };
    }),
}));
