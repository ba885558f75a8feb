/**
 * When the time-bonus modal shows (spec sections 4 and 9): 40 s after entering the
 * members area, for a logged-in member who never paid, while the time bonus is visible
 * (the four hours after signup) and the member has not dismissed the modal before (kept
 * in localStorage).
 *
 * The spec's "has 0 credits" is read as "has bought no credits" (issue 19.8): the bonus
 * exists only for non-paying members within 4 hours of signup (sections 4 and 6), and the
 * credits a new member is given at signup are no purchase; counting them kept the offer
 * from nearly every new member of a site with signup credits.
 */
import { matchPath } from 'react-router';
import { PATHS } from '../../shared/routing/paths';

export const TIME_BONUS_MODAL_DELAY_MS = 40_000;
export const TIME_BONUS_DISMISSED_KEY = 'amora.timeBonus.dismissed';

/** The members area of spec section 2. */
export const MEMBERS_AREA = ['members', 'members-id', 'chats', 'likes', 'likes-m-id', 'premium'] as const;

export function inMembersArea(pathname: string): boolean {
  return MEMBERS_AREA.some((name) => matchPath(PATHS[name], pathname) !== null);
}

export interface ModalConditions {
  loggedIn: boolean;
  /** The member bought credits before (paid_user); their balance does not matter. */
  paidUser: boolean;
  bonusVisible: boolean;
  dismissed: boolean;
}

/** Whether the modal may be offered (the 40 s in the members area come on top). */
export function mayOfferModal({ loggedIn, paidUser, bonusVisible, dismissed }: ModalConditions): boolean {
  return loggedIn && !paidUser && bonusVisible && !dismissed;
}

type Dismissals = Record<string, number>;

function readDismissals(): Dismissals {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(TIME_BONUS_DISMISSED_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Dismissals) : {};
  } catch {
    return {};
  }
}

/** Per member: someone else logging in on the same browser still gets their own offer. */
export function wasDismissed(memberId: number): boolean {
  return readDismissals()[memberId] !== undefined;
}

export function rememberDismissal(memberId: number, now = Date.now()): void {
  try {
    localStorage.setItem(TIME_BONUS_DISMISSED_KEY, JSON.stringify({ ...readDismissals(), [memberId]: now }));
  } catch {
    // Storage full or blocked: the modal may come back next visit, nothing worse.
  }
}
