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
  celebrate: (profile: MatchProfile) => void;
  /** The shown celebration is over (closed, or the member followed a link). */
  dismiss: () => void;
}

export const useMatch = create<MatchState>()((set) => ({
  queue: [],
  celebrate: (profile) =>
    set((state) => (state.queue.some((p) => p.id === profile.id) ? state : { queue: [...state.queue, profile] })),
  dismiss: () => set((state) => ({ queue: state.queue.slice(1) })),
}));
