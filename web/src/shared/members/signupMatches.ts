/**
 * The members proposed right after signup (GET /api/signup-matches): the signup asks for
 * them before it leaves the form and hands them to /signup-matches (the games) in the
 * navigation state, which asks again only when none came along (issue 35.5: both features
 * use this, neither imports the other).
 */
import { answer, api, retries } from '../api/client';
import type { components } from '../api/schema';
import { sessionGone } from '../session/sessionApi';

/** A proposed member and how well they fit (the signup's proposals and the match finder's). */
export type ScoredMatch = components['schemas']['Matches']['matches'][number];

/** The proposals; `retries: 0` when a slow answer must not hold the member up. */
export async function signupMatches(options: { signal?: AbortSignal; retries?: number } = {}): Promise<ScoredMatch[]> {
  const { signal, retries: limit } = options;
  const body = await answer(api.GET('/api/signup-matches', { signal, ...(limit === undefined ? {} : retries(limit)) }));
  if (body === false) sessionGone();
  return body.matches;
}
