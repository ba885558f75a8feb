/**
 * Two-factor sign-in with an authenticator app (issue 33.2): the calls of the contract
 * (adapters/http/openapi.yaml), and the sign-in's second step. After the first step (the
 * password, a mail's login link, a reactivation link) the server answers 401
 * `two_factor_required` with a challenge instead of a session; the login page asks for a
 * code and sends both to POST /api/two-factor/sign-in. Nothing here is retried: a code
 * counts once, and every wrong one counts towards the login lockout.
 */
import { answer, api, retries } from '../../shared/api/client';
import { ApiError } from '../../shared/api/errors';
import type { User } from '../../shared/api/types';

const once = retries(0);

/** What the login page needs for the second step (history state after a link). */
export interface SecondStep {
  challenge: string;
}

/** The second step a refusal asks for, or null when it is another refusal. */
export function secondStepOf(error: unknown): SecondStep | null {
  if (!(error instanceof ApiError) || error.code !== 'two_factor_required') return null;
  const challenge = error.params.challenge;
  return typeof challenge === 'string' && challenge ? { challenge } : null;
}

/** The history state a link page hands the login page: `{ secondStep }`. */
export function secondStepInState(state: unknown): SecondStep | null {
  if (typeof state !== 'object' || state === null) return null;
  const step = (state as { secondStep?: unknown }).secondStep;
  if (typeof step !== 'object' || step === null) return null;
  const { challenge } = step as { challenge?: unknown };
  return typeof challenge === 'string' && challenge ? { challenge } : null;
}

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
