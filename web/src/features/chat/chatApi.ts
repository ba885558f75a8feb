/**
 * The chat calls of the API contract (issue 6): the conversation list, one
 * conversation's history, sending, reading, deleting, the icebreakers and the
 * "page hidden" beacon. All of them need a login: an ended session gives LoginRequired.
 */
import { answer, api, retries } from '../../shared/api/client';
import type { components } from '../../shared/api/schema';
import type { Answer } from '../../shared/api/types';
import type { Language } from '../../shared/i18n/languages';
import { LoginRequired } from '../../shared/api/errors';

export type ChatMessage = components['schemas']['ChatMessage'];
/** The terms of the next message; conversations_left_today (issue 31.2): new conversations I may still start today, null when there is no cap to tell of. */
export type SendTerms = components['schemas']['SendTerms'] & { conversations_left_today?: number | null };
export type ChatProfile = components['schemas']['ChatProfile'];

/** A row of the conversation list (latest first). */
export type ChatSummary = Answer<'getChats'>['chats'][number];

/** The chat screen opened from a profile: the conversation if there is one yet. */
export type ChatStart = Answer<'chatWithMember'>;
/** A page of history, oldest message first, with the terms of the next message. */
export type HistoryPage = Answer<'getMessages'>;
export type SendAnswer = Answer<'sendMessage', 201>;

/** Why a message cannot be sent: the codes the conversation screen explains up front. */
export const REFUSALS = ['not_enough_credits', 'free_conversations_used', 'daily_conversations_used', 'email_not_confirmed', 'member_not_found'] as const;
export type Refusal = (typeof REFUSALS)[number];

export function isRefusal(code: string | null | undefined): code is Refusal {
  return (REFUSALS as readonly string[]).includes(code ?? '');
}

function loggedIn<T>(answered: T | false): T {
  if (answered === false) throw new LoginRequired();
  return answered;
}

// A click answers at once: no silent retries behind a busy button.
const once = retries(0);

export const chatApi = {
  async chats(signal?: AbortSignal): Promise<ChatSummary[]> {
    return loggedIn(await answer(api.GET('/api/chats', { signal }))).chats;
  },
  async withMember(memberId: number, signal?: AbortSignal): Promise<ChatStart> {
    return loggedIn(await answer(api.GET('/api/members/{member_id}/chat', { params: { path: { member_id: memberId } }, signal })));
  },
  async history(conversationId: number, before?: number, signal?: AbortSignal): Promise<HistoryPage> {
    const params = { path: { conversation_id: conversationId }, query: { before } };
    return loggedIn(await answer(api.GET('/api/chats/{conversation_id}/messages', { params, signal })));
  },
  /**
   * Sends a message. `key` makes a repeated send (a retry after a lost answer) come back
   * as 409 already_sent instead of a second message, so one network retry is safe. A text
   * the scam shield flags comes back as 409 message_flagged (shield.ts) unless `confirmed`:
   * the member was told what it found and sends it anyway.
   */
  async send(memberId: number, text: string, key: string, confirmed = false): Promise<SendAnswer> {
    const params = { path: { member_id: memberId } };
    const body = confirmed ? { text, key, confirmed } : { text, key };
    return loggedIn(await answer(api.POST('/api/members/{member_id}/messages', { params, body, ...retries(1) })));
  },
  /** The recipient's one-tap report of a message (issue 31.2); 409 already_reported when reported already. */
  async report(messageId: number): Promise<void> {
    loggedIn(await answer(api.POST('/api/messages/{message_id}/report', { params: { path: { message_id: messageId } }, ...once })));
  },
  async read(conversationId: number): Promise<void> {
    loggedIn(await answer(api.POST('/api/chats/{conversation_id}/read', { params: { path: { conversation_id: conversationId } }, ...retries(2) })));
  },
  async remove(conversationId: number): Promise<void> {
    loggedIn(await answer(api.DELETE('/api/chat', { body: { conversation: conversationId }, ...once })));
  },
  /** Opening lines for the conversation with `memberId`, in the screen's language: none that proposes meeting a fictional profile (the server picks). */
  async icebreakers(memberId: number, language: Language): Promise<string[]> {
    return loggedIn(await answer(api.GET('/api/icebreakers', { params: { query: { member: memberId, language } } }))).icebreakers;
  },
};

/**
 * Tells the server the page went to the background (reminders and push then know the
 * member is away). A keepalive fetch survives the page being closed; sendBeacon cannot
 * send JSON.
 */
export function pageHidden(): void {
  try {
    void api.POST('/api/page-hidden', { keepalive: true, ...once }).catch(() => undefined);
  } catch {
    // No fetch here (old browser, test): nothing to tell.
  }
}

/** A client key for one message (kept for its retries). */
export function messageKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}
