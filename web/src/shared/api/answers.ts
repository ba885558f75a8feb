/**
 * How the API client reads a failed answer (spec section 7), as openapi-fetch middleware:
 * - a 403 `authentication_required` to any call but the user call ends the session locally
 *   (sessionEnd.ts); the call then resolves `false` (`answer()` in client.ts);
 * - a 403 `account_banned` ends the session as well, even from the user call;
 * - every other failed answer rejects with an ApiError carrying the status, code and params.
 */
import type { Middleware } from 'openapi-fetch';
import { ApiError, isErrorBody } from './errors';
import { sessionEnded } from './sessionEnd';

/**
 * The server ended the session; the store is cleared already. `answer()` turns it into
 * `false`; a call read without it sees the ApiError it is.
 */
export class SessionGone extends ApiError {
  constructor() {
    super(403, 'authentication_required');
    this.name = 'SessionGone';
  }
}

/** The "user call" (GET/PUT/POST /api/user) never triggers the automatic logout. */
export function isUserCall(path: string): boolean {
  return path.split('?')[0] === '/api/user';
}

/** A body as JSON, else as text; undefined when empty. */
export function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** What a failed answer means, after the session rules above. */
export function failure(status: number, body: unknown, path: string): ApiError | SessionGone {
  const code = isErrorBody(body) ? body.error : status === 404 ? 'not_found' : 'generic';
  const params = isErrorBody(body) && body.params ? body.params : {};
  if (status === 403 && code === 'authentication_required' && !isUserCall(path)) {
    sessionEnded('signed_out');
    return new SessionGone();
  }
  if (status === 403 && code === 'account_banned') sessionEnded('banned');
  return new ApiError(status, code, params);
}

export const answerRules: Middleware = {
  async onResponse({ response, schemaPath }) {
    if (response.ok) return undefined;
    const text = await response.text().catch(() => '');
    throw failure(response.status, parseBody(text), schemaPath);
  },
};
