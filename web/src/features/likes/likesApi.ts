/**
 * The likes calls of the API contract: like and unlike a member, both likes lists, the
 * like modal's auto-like and "match celebration seen". All of them need a login: a
 * visitor (or an ended session) gets a LoginRequired.
 */
import { api } from '../../shared/api/client';
import type { components, operations } from '../../shared/api/schema';
import { LoginRequired } from '../discovery/discoveryApi';

export type LikeResult = components['schemas']['LikeResult'];
export type LikedProfile = components['schemas']['LikedProfile'];
export type LikedByProfile = components['schemas']['LikedByProfile'];
export type ShortProfile = components['schemas']['ShortProfile'];
export type AutoLikeProfile = operations['getAutoLike']['responses'][200]['content']['application/json'];

export interface LikeLists {
  /** Members I like, newest first. */
  profiles: LikedProfile[];
  /** Members who like me, new likes first. */
  liked_by: LikedByProfile[];
  new_likes: number;
}

// A click answers at once: no silent retries behind a busy button.
const once = { retries: 0 } as const;

function loggedIn<T>(answer: T | false): T {
  if (answer === false) throw new LoginRequired();
  return answer;
}

export const likesApi = {
  async like(id: number): Promise<LikeResult> {
    return loggedIn(await api.post<LikeResult>(`/api/members/${id}/like`, undefined, once));
  },
  async unlike(id: number): Promise<void> {
    loggedIn(await api.delete<void>(`/api/members/${id}/like`, undefined, once));
  },
  async list(signal?: AbortSignal): Promise<LikeLists> {
    return loggedIn(await api.get<LikeLists>('/api/likes', { signal }));
  },
  /** A member who liked me, offered once by the server; null when there is nobody (204). */
  async autoLike(): Promise<AutoLikeProfile | null> {
    return loggedIn(await api.get<AutoLikeProfile | undefined>('/api/auto-like')) ?? null;
  },
  async matchSeen(id: number): Promise<void> {
    loggedIn(await api.post<void>(`/api/matches/${id}/seen`));
  },
};
