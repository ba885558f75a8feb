/**
 * The gift calls of the API contract (issue 7): the gift catalogue with this site's prices
 * and sending a gift (it lands in the conversation as a message). Both need a login. A
 * gift's picture and name: shared/gifts; unlocking a photo: the profile (discoveryApi).
 */
import { answer, api, retries } from '../../shared/api/client';
import type { Answer } from '../../shared/api/types';
import { LoginRequired } from '../../shared/api/errors';

export type GiftCatalogue = Answer<'getGifts'>;
export type GiftOffer = GiftCatalogue['gifts'][number];

/** The gift's message, the balance it left and the next message's terms (and refusal). */
export type GiftSent = Answer<'sendGift', 201>;

function loggedIn<T>(answer: T | false): T {
  if (answer === false) throw new LoginRequired();
  return answer;
}

// A gift has no idempotency key: a silent retry could send (and charge) it twice.
const once = retries(0);

export const giftsApi = {
  async catalogue(signal?: AbortSignal): Promise<GiftCatalogue> {
    return loggedIn(await answer(api.GET('/api/gifts', { signal })));
  },
  async send(memberId: number, gift: string): Promise<GiftSent> {
    return loggedIn(await answer(api.POST('/api/members/{member_id}/gifts', { params: { path: { member_id: memberId } }, body: { gift }, ...once })));
  },
};
