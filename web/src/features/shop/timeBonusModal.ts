/**
 * When the time-bonus modal shows (spec sections 4 and 9): 40 s after entering the
 * members area, for a logged-in member with 0 credits, while the time bonus is visible
 * and the member has not dismissed the modal before (kept in localStorage).
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
  credits: number;
  bonusVisible: boolean;
  dismissed: boolean;
}

/** Whether the modal may be offered (the 40 s in the members area come on top). */
export function mayOfferModal({ loggedIn, credits, bonusVisible, dismissed }: ModalConditions): boolean {
  return loggedIn && credits === 0 && bonusVisible && !dismissed;
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
