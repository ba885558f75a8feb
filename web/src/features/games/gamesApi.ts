/**
 * The calls of the matching games (issue 5): the swipe deck and a swipe, the
 * match-finder, the matches proposed after signup, and like / unlike. Swipes and likes
 * are not retried: the member sees the outcome at once and can press again.
 */
import { type Query, api } from '../../shared/api/client';
import { ApiError } from '../../shared/api/errors';
import type { components } from '../../shared/api/schema';

export type GameCard = components['schemas']['GameCard'];
export type ScoredMatch = components['schemas']['Matches']['matches'][number];
export type SwipeAllowance = components['schemas']['SwipeAllowance'];
export type ShortProfile = components['schemas']['ShortProfile'];
export type LikeResult = components['schemas']['LikeResult'];

export interface SwipeDeck extends SwipeAllowance {
  cards: GameCard[];
}

export interface SwipeResult extends SwipeAllowance {
  match: boolean;
  profile?: ShortProfile;
}

export type WantedGender = 'male' | 'female';

/** The match-finder's answers. `null` means "no preference". */
export interface MatchWishes {
  gender: WantedGender | null;
  min_age: number;
  max_age: number;
  country: string | null;
  region: string | null;
  interests: string[];
}

const once = { retries: 0 } as const;

/** An answer of `false` means the session is gone (the store was cleared already). */
function sessionGone(): never {
  throw new ApiError(403, 'authentication_required');
}

async function data<T>(answer: Promise<T | false>): Promise<T> {
  const body = await answer;
  if (body === false) sessionGone();
  return body;
}

/** The query of GET /api/match-finder: empty answers are left out. */
export function wishesToApiQuery(wishes: MatchWishes): Query {
  return {
    gender: wishes.gender ?? undefined,
    min_age: wishes.min_age,
    max_age: wishes.max_age,
    country: wishes.country ?? undefined,
    region: (wishes.country && wishes.region) || undefined,
    interests: wishes.interests.length > 0 ? wishes.interests.join(',') : undefined,
  };
}

export const gamesApi = {
  deck: (signal?: AbortSignal) => data(api.get<SwipeDeck>('/api/swipe', { signal })),
  swipe: (profile: number, like: boolean) => data(api.post<SwipeResult>('/api/swipe', { profile, like }, once)),
  matchFinder: async (wishes: MatchWishes, signal?: AbortSignal) =>
    (await data(api.get<{ matches: ScoredMatch[] }>('/api/match-finder', { query: wishesToApiQuery(wishes), signal }))).matches,
  signupMatches: async (options: { signal?: AbortSignal; retries?: number } = {}) =>
    (await data(api.get<{ matches: ScoredMatch[] }>('/api/signup-matches', options))).matches,
  like: (id: number) => data(api.post<LikeResult>(`/api/members/${id}/like`, undefined, once)),
  unlike: async (id: number) => {
    await data(api.delete<void>(`/api/members/${id}/like`, undefined, once));
  },
};
