/**
 * The calls of the matching games (issue 5): the swipe deck and a swipe, the
 * match-finder, and like / unlike (the matches proposed after signup: shared/members). Swipes and likes
 * are not retried: the member sees the outcome at once and can press again.
 */
import { answer, api, retries } from '../../shared/api/client';
import { ApiError } from '../../shared/api/errors';
import type { components } from '../../shared/api/schema';
import type { Answer, QueryOf } from '../../shared/api/types';

export type GameCard = components['schemas']['GameCard'];
export type SwipeAllowance = components['schemas']['SwipeAllowance'];
export type ShortProfile = components['schemas']['ShortProfile'];
export type LikeResult = components['schemas']['LikeResult'];

export type SwipeDeck = Answer<'getSwipeDeck'>;
export type SwipeResult = Answer<'swipe'>;

export type WantedGender = 'male' | 'female';
/**
 * Whom the match-finder looks for: a gender, `null` for both (in either case only
 * members who would want the member too), or `'any'`: everyone, whatever they seek,
 * which the member chooses on purpose (issue 29.1).
 */
export type FinderGender = WantedGender | 'any';
export type MatchAnswer = Answer<'matchFinder'>;

/** The match-finder's answers. `null` means "no preference". */
export interface MatchWishes {
  gender: FinderGender | null;
  min_age: number;
  max_age: number;
  country: string | null;
  region: string | null;
  interests: string[];
}

const once = retries(0);

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
export function wishesToApiQuery(wishes: MatchWishes): QueryOf<'matchFinder'> {
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
  deck: (signal?: AbortSignal) => data(answer(api.GET('/api/swipe', { signal }))),
  swipe: (profile: number, like: boolean) => data(answer(api.POST('/api/swipe', { body: { profile, like }, ...once }))),
  /** The matches, and whether only members who would want the member were looked at. */
  matchFinder: (wishes: MatchWishes, signal?: AbortSignal) => data(answer(api.GET('/api/match-finder', { params: { query: wishesToApiQuery(wishes) }, signal }))),
  like: (id: number) => data(answer(api.POST('/api/members/{member_id}/like', { params: { path: { member_id: id } }, ...once }))),
  unlike: async (id: number) => {
    await data(answer(api.DELETE('/api/members/{member_id}/like', { params: { path: { member_id: id } }, ...once })));
  },  /** The member's own interests, the match finder's first wishes. */
  ownInterests: async () => (await data(answer(api.GET('/api/profile')))).profile.interests,
};
