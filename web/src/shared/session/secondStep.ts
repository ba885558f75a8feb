/**
 * The sign-in's second step (issue 33.2): after a first step (the password, a mail's login
 * link, a reactivation link) the server may answer 401 `two_factor_required` with a
 * challenge instead of a session. Every page that makes a first step hands the challenge
 * to the login page, which asks for the code; so this is shared vocabulary.
 */
import { ApiError } from '../api/errors';

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
