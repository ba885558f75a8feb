/**
 * The session's calls of the API contract (adapters/http/openapi.yaml): who is logged in,
 * logging out, the member's preferences (PUT /api/user), which the session saves the
 * language with, and the activation mail again (the account and the chat's refusal ask for
 * it). The account's other calls live in features/account.
 */
import { answer, api, retries } from '../api/client';
import { ApiError } from '../api/errors';
import type { RequestBody, User } from '../api/types';

export type Preferences = RequestBody<'updateUser'>;

/** An answer of `false` means the session is gone (the store was cleared already). */
export function sessionGone(): never {
  throw new ApiError(403, 'authentication_required');
}

/** The member an answer carries; throws when the session is gone. */
export async function userOf(answered: Promise<{ user: User } | false>): Promise<User> {
  const data = await answered;
  if (!data) sessionGone();
  return data.user;
}

/** The logged-in member, or null for a visitor (403 authentication_required). */
export async function fetchUser(): Promise<User | null> {
  try {
    const data = await answer(api.GET('/api/user', { headers: { 'X-Client': 'web' } }));
    return data ? data.user : null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) return null;
    throw error;
  }
}

export const sessionApi = {
  logOut: () => answer(api.POST('/api/logout', retries(1))),
  updatePreferences: (body: Preferences) => userOf(answer(api.PUT('/api/user', { body }))),
  resendActivation: async (): Promise<void> => {
    if ((await answer(api.POST('/api/activation/resend', retries(0)))) === false) sessionGone();
  },
};
