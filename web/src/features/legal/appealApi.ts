/** Appeals against a ban (issue 21.3): a banned member has no session, so the address
 * and password say who appeals. Not retried: a repeat would count as another attempt. */
import { answer, api, retries } from '../../shared/api/client';
import type { RequestBody } from '../../shared/api/types';

export type AppealBody = RequestBody<'fileAppeal'>;

export const appealApi = {
  file: (body: AppealBody) => answer(api.POST('/api/appeals', { body, ...retries(0) })),
};
