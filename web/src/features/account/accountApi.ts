/**
 * The account calls of the API contract (adapters/http/openapi.yaml). Calls that a
 * member submits by hand are not retried: a repeated login or signup would count as
 * another attempt, and 429 answers here carry a meaning (too_many_attempts,
 * too_many_reset_mails) that the member must see at once.
 */
import { answer, api, retries } from '../../shared/api/client';
import { ApiError } from '../../shared/api/errors';
import type { LoginRequest, RequestBody, SignupRequest, User } from '../../shared/api/types';

export type Preferences = RequestBody<'updateUser'>;

const once = retries(0);

/** An answer of `false` means the session is gone (the store was cleared already). */
function sessionGone(): never {
  throw new ApiError(403, 'authentication_required');
}

async function userOf(answered: Promise<{ user: User } | false>): Promise<User> {
  const data = await answered;
  if (!data) sessionGone();
  return data.user;
}

async function done(answered: Promise<unknown>): Promise<void> {
  if ((await answered) === false) sessionGone();
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

export const accountApi = {
  signUp: (body: SignupRequest) => userOf(answer(api.POST('/api/signup', { body, ...once }))),
  logIn: (body: LoginRequest) => userOf(answer(api.POST('/api/user', { body, ...once }))),
  logOut: () => answer(api.POST('/api/logout', retries(1))),
  activate: (token: string) => userOf(answer(api.POST('/api/activation', { body: { token } }))),
  resendActivation: () => done(answer(api.POST('/api/activation/resend', once))),
  updatePreferences: (body: Preferences) => userOf(answer(api.PUT('/api/user', { body }))),
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

/** Field errors of an `invalid_fields` answer: field → {code, params}. */
export interface FieldError {
  code: string;
  params?: Record<string, unknown>;
}

export function fieldErrorsOf(error: unknown): Record<string, FieldError> {
  if (!(error instanceof ApiError) || error.code !== 'invalid_fields') return {};
  const fields = (error.params.fields ?? {}) as Record<string, unknown>;
  const params = (error.params.params ?? {}) as Record<string, Record<string, unknown> | undefined>;
  const result: Record<string, FieldError> = {};
  for (const [field, code] of Object.entries(fields)) {
    if (typeof code === 'string') result[field] = { code, params: params[field] ?? {} };
  }
  return result;
}
