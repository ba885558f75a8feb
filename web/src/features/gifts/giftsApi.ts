/**
 * The gift and photo-unlock calls of the API contract (issue 7): the gift catalogue with
 * this site's prices, sending a gift (it lands in the conversation as a message) and
 * opening one locked photo for the site's photo_credits. All need a login.
 */
import type { TFunction } from 'i18next';
import { answer, api, retries } from '../../shared/api/client';
import type { Answer } from '../../shared/api/types';
import { prettifyKey } from '../../shared/members';
import { LoginRequired } from '../../shared/api/errors';
import { useSession } from '../../shared/session';

export type GiftCatalogue = Answer<'getGifts'>;
export type GiftOffer = GiftCatalogue['gifts'][number];

/** The gift's message, the balance it left and the next message's terms (and refusal). */
export type GiftSent = Answer<'sendGift', 201>;

export type PhotoUnlocked = Answer<'unlockPhoto'>;

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
  /** Charging twice is impossible here (the server books one unlock per photo), but a click answers at once. */
  async unlock(memberId: number, photoId: number): Promise<PhotoUnlocked> {
    const params = { path: { member_id: memberId, photo_id: photoId } };
    return loggedIn(await answer(api.POST('/api/members/{member_id}/photos/{photo_id}/unlock', { params, ...once })));
  },
};

/** The balance the server just told us, into the session (navigation badge, chat terms). */
export function keepCredits(credits: number): void {
  const { user, setUser } = useSession.getState();
  if (user && user.credits !== credits) setUser({ ...user, credits });
}

/** The gift's picture, drawn by the project (web/public/gifts/<key>.svg). */
export function giftPicture(key: string): string {
  return `${import.meta.env.BASE_URL}gifts/${key.replace(/[^a-z0-9_-]/gi, '')}.svg`;
}

/** "Rose": the gift's name (a key the catalog does not know yet reads as words). */
export function giftName(t: TFunction, key: string): string {
  return t(`names.${key}`, { ns: 'gifts', defaultValue: prettifyKey(key) });
}

/** "a rose": the gift as the object of a sentence ("You sent a rose"). */
export function giftObject(t: TFunction, key: string): string {
  return t(`object.${key}`, { ns: 'gifts', defaultValue: giftName(t, key) });
}
