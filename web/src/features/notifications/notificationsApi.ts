/**
 * The notification calls of the API contract (issue 8): the member's preferences, the
 * one-click unsubscribe of a mail's link and a mail's login link. Calls that need a
 * login throw LoginRequired when the session turned out to be gone.
 */
import { answer, api, retries } from '../../shared/api/client';
import { ApiError, LoginRequired } from '../../shared/api/errors';
import type { components } from '../../shared/api/schema';
import type { Answer, RequestBody } from '../../shared/api/types';

export type Notifications = components['schemas']['Notifications'];
export type Preferences = components['schemas']['NotificationPreferences'];
export type PreferenceKey = keyof Preferences;
export type MailOff = NonNullable<Notifications['mail_off']>;
export type NotificationsChange = RequestBody<'putNotifications'>;
export type Unsubscribed = Answer<'unsubscribe'>;
/** The member, and where the mail wanted them to land ("/chats/12"). */
export type LoginLinkAnswer = Answer<'useLoginLink'>;

/** The eight preferences, in the order of the settings screen. */
export const PREFERENCE_KEYS = [
  'new_conversations',
  'new_messages',
  'unread_message_reminders',
  'like',
  'weekly_updates',
  'promotions',
  'news',
  'reminders',
] as const satisfies readonly PreferenceKey[];

export function isPreferenceKey(value: unknown): value is PreferenceKey {
  return typeof value === 'string' && (PREFERENCE_KEYS as readonly string[]).includes(value);
}

function loggedIn<T>(answer: T | false): T {
  if (answer === false) throw new LoginRequired();
  return answer;
}

/** Calls without a login cannot lose one; a `false` answer would be a contract breach. */
function answered<T>(answer: T | false): T {
  if (answer === false) throw new ApiError(403, 'authentication_required');
  return answer;
}

export const notificationsApi = {
  async get(signal?: AbortSignal): Promise<Notifications> {
    return loggedIn(await answer(api.GET('/api/notifications', { signal })));
  },
  /** Only the keys given change; answers the whole settings. Few retries: the switch waits. */
  async update(change: NotificationsChange): Promise<Notifications> {
    return loggedIn(await answer(api.PUT('/api/notifications', { body: change, ...retries(2) })));
  },
  /** A mail's unsubscribe link (no login needed); with `all` every e-mail stops. */
  async unsubscribe(token: string, all = false): Promise<Unsubscribed> {
    const query = { token, all: all ? ('true' as const) : undefined };
    return answered(await answer(api.POST('/api/unsubscribe', { params: { query }, ...retries(2) })));
  },
  /** A mail's login link: logs in (the session cookie) and says where to go. Used once. */
  async useLoginLink(token: string): Promise<LoginLinkAnswer> {
    return answered(await answer(api.POST('/api/login-link', { body: { token }, ...retries(1) })));
  },
};
