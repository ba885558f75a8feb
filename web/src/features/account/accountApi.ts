/**
 * The account calls of the API contract (adapters/http/openapi.yaml). Calls that a
 * member submits by hand are not retried: a repeated login would count as another
 * attempt, and 429 answers here carry a meaning (too_many_attempts,
 * too_many_reset_mails) that the member must see at once.
 */
import { answer, api, retries } from '../../shared/api/client';
import type { LoginRequest, RequestBody, User } from '../../shared/api/types';
import { sessionApi, sessionGone, userOf } from '../../shared/session/sessionApi';

const once = retries(0);

async function done(answered: Promise<unknown>): Promise<void> {
  if ((await answered) === false) sessionGone();
}

export const accountApi = {
  logIn: (body: LoginRequest) => userOf(answer(api.POST('/api/user', { body, ...once }))),
  logOut: sessionApi.logOut,
  activate: (token: string) => userOf(answer(api.POST('/api/activation', { body: { token } }))),
  updatePreferences: sessionApi.updatePreferences,
  requestPasswordReset: (email: string) => answer(api.POST('/api/password-reset', { body: { email }, ...once })),
  resetPassword: (body: RequestBody<'resetPassword'>) => answer(api.POST('/api/password-reset/do', { body, ...once })),
  changePassword: (body: RequestBody<'changePassword'>) => done(answer(api.PUT('/api/password', { body, ...once }))),
  requestMailChange: (body: RequestBody<'requestMailChange'>) => done(answer(api.POST('/api/mail-change', { body, ...once }))),
  /** The member when the link was opened while logged in, else null. */
  confirmMailChange: async (token: string): Promise<User | null> => {
    const data = await answer(api.POST('/api/mail-change/do', { body: { token } }));
    return data ? data.user : null;
  },
  /** The delete page's "stay" offer: the discount on the next order (once); `spent` once used. */
  claimStayDiscount: async () => {
    const claimed = await answer(api.POST('/api/stay-discount', once));
    return claimed === false ? sessionGone() : claimed;
  },
  deleteAccount: (body: RequestBody<'deleteAccount'>) => done(answer(api.DELETE('/api/user', { body, ...once }))),
  reactivate: (token: string) => userOf(answer(api.POST('/api/reactivate', { body: { token }, ...once }))),
};
