/**
 * The account calls of the API contract (adapters/http/openapi.yaml). Calls that a
 * member submits by hand are not retried: a repeated login or signup would count as
 * another attempt, and 429 answers here carry a meaning (too_many_attempts,
 * too_many_reset_mails) that the member must see at once.
 */
import { api } from '../../shared/api/client';
import { ApiError } from '../../shared/api/errors';
import type { operations } from '../../shared/api/schema';
import type { LoginRequest, SignupRequest, User } from '../../shared/api/types';

type Body<Op extends keyof operations> = operations[Op] extends {
  requestBody: { content: { 'application/json': infer B } };
}
  ? B
  : never;

export type Preferences = Body<'updateUser'>;

interface UserAnswer {
  user: User;
}

const once = { retries: 0 } as const;

/** An answer of `false` means the session is gone (the store was cleared already). */
function sessionGone(): never {
  throw new ApiError(403, 'authentication_required');
}

async function userOf(answer: Promise<UserAnswer | false>): Promise<User> {
  const data = await answer;
  if (!data) sessionGone();
  return data.user;
}

/** The logged-in member, or null for a visitor (403 authentication_required). */
export async function fetchUser(): Promise<User | null> {
  try {
    const data = await api.get<UserAnswer>('/api/user', { headers: { 'X-Client': 'web' } });
    return data ? data.user : null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) return null;
    throw error;
  }
}

export const accountApi = {
  signUp: (body: SignupRequest) => userOf(api.post<UserAnswer>('/api/signup', body, once)),
  logIn: (body: LoginRequest) => userOf(api.post<UserAnswer>('/api/user', body, once)),
  logOut: () => api.post<void>('/api/logout', undefined, { retries: 1 }),
  activate: (token: string) => userOf(api.post<UserAnswer>('/api/activation', { token } satisfies Body<'activate'>)),
  resendActivation: async () => {
    if ((await api.post<void>('/api/activation/resend', undefined, once)) === false) sessionGone();
  },
  updatePreferences: (body: Preferences) => userOf(api.put<UserAnswer>('/api/user', body)),
  requestPasswordReset: (email: string) =>
    api.post<void>('/api/password-reset', { email } satisfies Body<'requestPasswordReset'>, once),
  resetPassword: (body: Body<'resetPassword'>) => api.post<void>('/api/password-reset/do', body, once),
  changePassword: async (body: Body<'changePassword'>) => {
    if ((await api.put<void>('/api/password', body, once)) === false) sessionGone();
  },
  requestMailChange: async (body: Body<'requestMailChange'>) => {
    if ((await api.post<void>('/api/mail-change', body, once)) === false) sessionGone();
  },
  /** The member when the link was opened while logged in, else null. */
  confirmMailChange: async (token: string): Promise<User | null> => {
    const data = await api.post<UserAnswer | undefined>('/api/mail-change/do', {
      token,
    } satisfies Body<'confirmMailChange'>);
    return data ? data.user : null;
  },
  /** The delete page's "stay" offer: the discount on the next order (once); `spent` once used. */
  claimStayDiscount: async () => {
    type Claimed = operations['claimStayDiscount']['responses'][200]['content']['application/json'];
    const claimed = await api.post<Claimed>('/api/stay-discount', undefined, once);
    return claimed === false ? sessionGone() : claimed;
  },
  deleteAccount: async (body: Body<'deleteAccount'>) => {
    if ((await api.delete<void>('/api/user', body, once)) === false) sessionGone();
  },
  reactivate: (token: string) =>
    userOf(api.post<UserAnswer>('/api/reactivate', { token } satisfies Body<'reactivate'>, once)),
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
