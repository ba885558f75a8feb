/**
 * The likes calls of the API contract: like and unlike a member, both likes lists, the
 * like modal's auto-like and "match celebration seen". All of them need a login: a
 * visitor (or an ended session) gets a LoginRequired.
 */
import { answer, api, retries } from '../../shared/api/client';
import type { components } from '../../shared/api/schema';
import type { Answer } from '../../shared/api/types';
import { LoginRequired } from '../../shared/api/errors';

export type LikeResult = components['schemas']['LikeResult'];
export type LikedProfile = components['schemas']['LikedProfile'];
export type LikedByProfile = components['schemas']['LikedByProfile'];
export type ShortProfile = components['schemas']['ShortProfile'];
export type AutoLikeProfile = Answer<'getAutoLike'>;

/** Members I like (newest first), members who like me (new likes first), the new likes. */
export type LikeLists = Answer<'getLikes'>;

// A click answers at once: no silent retries behind a busy button.
const once = retries(0);

function loggedIn<T>(answer: T | false): T {
  if (answer === false) throw new LoginRequired();
  return answer;
}

export const likesApi = {
  async like(id: number): Promise<LikeResult> {
    return loggedIn(await answer(api.POST('/api/members/{member_id}/like', { params: { path: { member_id: id } }, ...once })));
  },
  async unlike(id: number): Promise<void> {
    loggedIn(await answer(api.DELETE('/api/members/{member_id}/like', { params: { path: { member_id: id } }, ...once })));
  },
  async list(signal?: AbortSignal): Promise<LikeLists> {
    return loggedIn(await answer(api.GET('/api/likes', { signal })));
  },
  /** A member who liked me, offered once by the server; null when there is nobody (204). */
  async autoLike(): Promise<AutoLikeProfile | null> {
    const offered: AutoLikeProfile | undefined = loggedIn(await answer(api.GET('/api/auto-like')));
    return offered ?? null;
  },
  async matchSeen(id: number): Promise<void> {
    loggedIn(await answer(api.POST('/api/matches/{member_id}/seen', { params: { path: { member_id: id } } })));
  },
};
