/**
 * The calls about one member of the API contract: the profile, block and unblock.
 * Visitors send the stored traffic source (`network`) so the server can show a profile to
 * visitors who came through a partner (spec section 6).
 */
import { answer, api, retries } from '../api/client';
import { ApiError, LoginRequired } from '../api/errors';
import { useSession } from '../session';
import { trafficForSignup } from '../signup';
import type { MemberProfile } from './members';

/** The traffic source to send along, for visitors only. */
export function networkParam(): string | undefined {
  if (useSession.getState().user) return undefined;
  return trafficForSignup()?.network ?? undefined;
}

const once = retries(0);

export const membersApi = {
  async member(id: number, signal?: AbortSignal): Promise<MemberProfile> {
    const params = { path: { member_id: id }, query: { network: networkParam() } };
    const data = await answer(api.GET('/api/members/{member_id}', { params, signal }));
    if (!data) throw new LoginRequired();
    return data.profile;
  },
  async block(id: number): Promise<void> {
    if ((await answer(api.POST('/api/members/{member_id}/block', { params: { path: { member_id: id } }, ...once }))) === false) throw new LoginRequired();
  },
  async unblock(id: number): Promise<void> {
    if ((await answer(api.DELETE('/api/members/{member_id}/block', { params: { path: { member_id: id } }, ...once }))) === false) throw new LoginRequired();
  },
};

/** Whether an error means the profile cannot be shown (hidden, gone, blocked by them). */
export function isUnavailable(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.code === 'member_not_found');
}
