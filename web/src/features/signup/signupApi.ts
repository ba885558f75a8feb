/**
 * The signup's call of the API contract (adapters/http/openapi.yaml): POST /api/signup
 * makes the account and logs the new member in. Not retried: a repeated signup would count
 * as another attempt, and its refusals (account_exists, a flagged name) are the member's
 * to see at once.
 */
import { answer, api, retries } from '../../shared/api/client';
import type { SignupRequest } from '../../shared/api/types';
import { userOf } from '../../shared/session/sessionApi';

export const signupApi = {
  signUp: (body: SignupRequest) => userOf(answer(api.POST('/api/signup', { body, ...retries(0) }))),
};
