/**
 * Two-factor sign-in with an authenticator app (issue 33.2): the calls of the contract
 * (adapters/http/openapi.yaml). After the first step (the password, a mail's login link, a
 * reactivation link) the server answers 401 `two_factor_required` with a challenge instead
 * of a session (shared/session/secondStep reads it); the login page asks for a code and
 * sends both to POST /api/two-factor/sign-in. Nothing here is retried: a code counts once,
 * and every wrong one counts towards the login lockout.
 */
import { answer, api, retries } from '../../shared/api/client';
import { ApiError } from '../../shared/api/errors';
import type { User } from '../../shared/api/types';

const once = retries(0);

/** The session was gone (signed out elsewhere): the store is cleared already. */
function sessionGone(): never {
  throw new ApiError(403, 'authentication_required');
}

async function data<D>(answered: Promise<D | false>): Promise<D> {
  const found = await answered;
  if (found === false) sessionGone();
  return found;
}

export const twoFactorApi = {
  status: () => data(answer(api.GET('/api/two-factor'))),
  setUp: () => data(answer(api.POST('/api/two-factor/setup', once))),
  turnOn: (code: string) => data(answer(api.POST('/api/two-factor', { body: { code }, ...once }))).then((answered) => answered.recovery_codes),
  turnOff: (password: string, code: string) =>
    data(answer(api.DELETE('/api/two-factor', { body: { password, code }, ...once }))).then(() => undefined),
  newRecoveryCodes: () => data(answer(api.POST('/api/two-factor/recovery-codes', once))).then((answered) => answered.recovery_codes),
  /** The second step: the member and, after a login link, where it meant to go. */
  signIn: async (challenge: string, code: string): Promise<{ user: User; next?: string }> =>
    data(answer(api.POST('/api/two-factor/sign-in', { body: { challenge, code }, ...once }))),
};
