/**
 * Where the member is signed in (issue 33.3; adapters/http/openapi.yaml): the list, ending
 * one or all the others, and the "was this you?" mail's link. None is retried: ending is
 * done once, and the link works once.
 */
import { answer, api, retries } from '../../shared/api/client';
import { ApiError } from '../../shared/api/errors';
import type { Answer } from '../../shared/api/types';

export type SignInSession = Answer<'getSessions'>['sessions'][number];

const once = retries(0);

/** The data of a call that needs the session; `false` (the session is gone) becomes a refusal. */
async function data<D>(call: Promise<{ data?: D }>): Promise<D> {
  const answered = await answer(call);
  if (answered === false) throw new ApiError(403, 'authentication_required');
  return answered as D;
}

export const sessionsApi = {
  list: async (): Promise<SignInSession[]> => (await data(api.GET('/api/sessions'))).sessions,
  end: async (id: number): Promise<void> => {
    await data(api.DELETE('/api/sessions/{session_id}', { params: { path: { session_id: id } }, ...once }));
  },
  endOthers: async (): Promise<number> => (await data(api.DELETE('/api/sessions', once))).ended,
  /** The mail's link: false when the session had ended already. */
  endByLink: async (token: string): Promise<boolean> => {
    const answered = await answer(api.POST('/api/sessions/end', { body: { token }, ...once }));
    return answered === false ? false : answered.ended;
  },
};
