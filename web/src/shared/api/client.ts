/**
 * The API client (spec section 7), generated from the contract: `api` is openapi-fetch's
 * client over the paths of adapters/http/openapi.yaml (schema.d.ts, `npm run gen:api`), so
 * a call's path, parameters, body and answer are typed together. Its middleware holds the
 * rules: retries (retry.ts) and failed answers (answers.ts). Call it through `answer()`:
 *
 *   const chats = await answer(api.GET('/api/chats', { signal }));
 *   await answer(api.POST('/api/members/{member_id}/block', { params: { path: { member_id } }, ...retries(0) }));
 *
 * `answer()` resolves the JSON data body (`undefined` for 204), or `false` when the session
 * turned out to be gone (the store is cleared then); errors reject with an ApiError.
 */
import createClient from 'openapi-fetch';
import { SessionGone, answerRules } from './answers';
import { retrying } from './retry';
import type { paths } from './schema';

export { isUserCall } from './answers';
export { MAX_RETRIES, retries, retryDelay } from './retry';

export const api = createClient<paths>({
  // A Request needs an absolute URL outside the browser (tests); in it, the same as '/api/…'.
  baseUrl: globalThis.location?.origin ?? '',
  // Looked up per call, not once here: tests put their fake server in place of fetch.
  fetch: (request) => globalThis.fetch(request),
  headers: { Accept: 'application/json' },
  credentials: 'same-origin',
});
// The retries first (registered last: answers go through middleware in reverse order).
api.use(answerRules, retrying);

/** The data of a call, or `false` when the server ended the session. */
export async function answer<D>(call: Promise<{ data?: D }>): Promise<D | false> {
  try {
    return (await call).data as D;
  } catch (error) {
    if (error instanceof SessionGone) return false;
    throw error;
  }
}

/** A progress report of an upload or download; `total` is 0 when unknown. */
export interface ProgressEvent {
  loaded: number;
  total: number;
}
