/**
 * The like modal (spec sections 2 and 4): on entering the site a logged-in member may be
 * shown one member who liked them, as GET /api/auto-like answers (each like is offered
 * once; nothing is ever made up here). A query parameter t (seconds) delays the offer
 * and is then removed from the URL.
 */
import { create } from 'zustand';
import { registerSessionReset } from '../../shared/session';
import { type AutoLikeProfile, likesApi } from './likesApi';

/** The longest delay t may ask for: an hour. */
export const MAX_DELAY_SECONDS = 3600;

interface LikeModalState {
  profile: AutoLikeProfile | null;
  close: () => void;
}

export const useLikeModal = create<LikeModalState>()((set) => ({
  profile: null,
  close: () => set({ profile: null }),
}));

// Members already offered a like in this page load: one offer per visit, not per screen.
const offered = new Set<number>();

registerSessionReset(() => {
  offered.clear();
  useLikeModal.setState({ profile: null });
});

/** The delay in seconds from the query's t, or null when there is none (or it is no number). */
export function delayOf(search: string): number | null {
  const value = new URLSearchParams(search).get('t');
  if (value === null || !/^\d+(\.\d+)?$/.test(value.trim())) return null;
  return Math.min(Number(value), MAX_DELAY_SECONDS);
}

/** The query without t, other parameters kept in order: '?a=1&t=5&b=2' → '?a=1&b=2'. */
export function withoutDelay(search: string): string {
  const query = new URLSearchParams(search);
  query.delete('t');
  const rest = query.toString();
  return rest ? `?${rest}` : '';
}

/** Whether this member still gets the offer of this visit (and marks it taken). */
export function takeOffer(memberId: number): boolean {
  if (offered.has(memberId)) return false;
  offered.add(memberId);
  return true;
}

/** Asks the server for a like to offer and opens the modal when there is one. */
export async function offerAutoLike(): Promise<void> {
  try {
    const profile = await likesApi.autoLike();
    if (profile) useLikeModal.setState({ profile });
  } catch {
    // No offer this time: the like stays in the likes list all the same.
  }
}
