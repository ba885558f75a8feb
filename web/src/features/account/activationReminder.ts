/**
 * The activation reminder (spec section 4): a member whose account is not_confirmed
 * and whose profile is still disabled is reminded to confirm the e-mail address — as
 * a modal when the query holds api_signup_complete, otherwise as an alert in the alert
 * header. A dismissed alert stays away for 24 hours (dismissals are kept with their
 * time by the alerts store). The screens that are about activation show no reminder.
 */
import type { User } from '../../shared/api/types';

export const ACTIVATION_ALERT_ID = 'activation';
export const SIGNUP_COMPLETE_PARAM = 'api_signup_complete';
export const REMINDER_SNOOZE_MS = 24 * 60 * 60 * 1000;
/** Screens that already say it (signup complete, activation result). */
export const REMINDER_FREE_PATHS = ['/complete-signup', '/activate/done', '/activate/error'];

export type ReminderMode = 'modal' | 'alert' | 'hidden';

export interface ReminderInputs {
  user: Pick<User, 'status'> & { profile: Pick<User['profile'], 'status'> } | null;
  pathname: string;
  search: string;
  /** When the alert was dismissed (ms since epoch), or null. */
  dismissedAt: number | null;
  now: number;
}

export function needsActivation(user: ReminderInputs['user']): boolean {
  return user !== null && user.status === 'not_confirmed' && user.profile.status === 'disabled';
}

export function activationReminderMode({ user, pathname, search, dismissedAt, now }: ReminderInputs): ReminderMode {
  if (!needsActivation(user)) return 'hidden';
  if (REMINDER_FREE_PATHS.includes(pathname.replace(/\/+$/, ''))) return 'hidden';
  if (new URLSearchParams(search).has(SIGNUP_COMPLETE_PARAM)) return 'modal';
  if (dismissedAt !== null && now - dismissedAt < REMINDER_SNOOZE_MS) return 'hidden';
  return 'alert';
}
