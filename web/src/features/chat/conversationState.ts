/**
 * What the conversation screen shows, and how each event changes it (a reducer): the
 * history merged with live messages, my unsent ones after the stored, the terms of the
 * next message. Pure: useConversation dispatches, this module decides.
 */
import { ApiError, LoginRequired } from '../../shared/api/errors';
import type { ChatMessage, ChatProfile, HistoryPage, SendTerms } from './chatApi';

export type MessageStatus = 'sent' | 'pending' | 'failed';
export interface ShownMessage extends ChatMessage {
  /** Stable across the optimistic copy and the stored message (the React key). */
  key: string;
  status: MessageStatus;
  error?: unknown;
}

export interface Conversation {
  conversationId: number | null;
  profile: ChatProfile;
  messages: ShownMessage[];
  hasMore: boolean;
  loadingOlder: boolean;
  terms: SendTerms;
  refusal: string | null;
  /** My newest message the other has seen (from a `read` event), by id. */
  seenUpTo: number | null;
}

export type ConversationState =
  | { status: 'loading' }
  | { status: 'unavailable' }
  | { status: 'login' }
  | { status: 'error'; error: unknown }
  | ({ status: 'ready' } & Conversation);

export type Action =
  | { type: 'loading' }
  | { type: 'failed'; error: unknown }
  | { type: 'loaded'; conversation: Conversation }
  | { type: 'patch'; patch: Partial<Conversation> }
  | { type: 'merge'; messages: ChatMessage[]; older?: { hasMore: boolean } }
  | { type: 'local'; message: ShownMessage }
  | { type: 'sent'; key: string; message: ChatMessage }
  | { type: 'notSent'; key: string; error: unknown }
  | { type: 'drop'; key: string }
  | { type: 'refresh'; page: HistoryPage }
  | { type: 'seen'; me: number };

export const shown = (message: ChatMessage): ShownMessage => ({ ...message, key: `m${message.id}`, status: 'sent' });

/**
 * Stored messages by id (no doubles: the socket and the answer both bring my own), then my unsent ones.
 * A message shown already comes again only when the moderators removed it: then it replaces the copy on screen.
 */
export function mergeMessages(messages: ShownMessage[], incoming: ChatMessage[]): ShownMessage[] {
  const known = new Set(messages.filter((m) => m.status === 'sent').map((m) => m.id));
  const removed = new Map(incoming.filter((m) => m.removed && known.has(m.id)).map((m) => [m.id, m]));
  const current = removed.size === 0 ? messages : messages.map((m) => {
    const now = m.status === 'sent' ? removed.get(m.id) : undefined;
    return now ? { ...shown(now), key: m.key } : m;
  });
  const fresh = incoming.filter((m) => !known.has(m.id)).map(shown);
  if (fresh.length === 0) return current;
  const stored = [...current.filter((m) => m.status === 'sent'), ...fresh].sort((a, b) => a.id - b.id);
  return [...stored, ...current.filter((m) => m.status !== 'sent')];
}

function failure(error: unknown): ConversationState {
  if (error instanceof LoginRequired) return { status: 'login' };
  if (error instanceof ApiError && (error.status === 404 || error.code === 'member_not_found' || error.code === 'conversation_not_found')) {
    return { status: 'unavailable' };
  }
  return { status: 'error', error };
}

/** A conversation as its newest history page has it. */
export function conversationOf(id: number, page: HistoryPage): Conversation {
  return {
    conversationId: id,
    profile: page.profile,
    messages: page.messages.map(shown),
    hasMore: page.has_more,
    loadingOlder: false,
    terms: page.terms,
    refusal: page.refusal,
    seenUpTo: null,
  };
}

export function reducer(state: ConversationState, action: Action): ConversationState {
  switch (action.type) {
    case 'loading':
      return { status: 'loading' };
    case 'failed':
      return failure(action.error);
    case 'loaded':
      return { status: 'ready', ...action.conversation };
  }
  if (state.status !== 'ready') return state;
  switch (action.type) {
    case 'patch':
      return { ...state, ...action.patch };
    case 'merge':
      return {
        ...state,
        messages: mergeMessages(state.messages, action.messages),
        ...(action.older ? { hasMore: action.older.hasMore, loadingOlder: false } : {}),
      };
    case 'local': {
      const others = state.messages.filter((m) => m.key !== action.message.key);
      return { ...state, messages: [...others, action.message] };
    }
    case 'sent': {
      const rest = state.messages.filter((m) => m.key !== action.key);
      // The socket may have brought the stored message first: then the copy just goes.
      if (rest.length === state.messages.length || rest.some((m) => m.status === 'sent' && m.id === action.message.id)) {
        return { ...state, messages: mergeMessages(rest, [action.message]) };
      }
      const stored = state.messages.map((m) => (m.key === action.key ? { ...action.message, key: m.key, status: 'sent' as const } : m));
      return { ...state, messages: reorder(stored) };
    }
    case 'refresh': {
      // The newest page as the server has it now; my unsent messages stay.
      const { page } = action;
      const unsent = state.messages.filter((m) => m.status !== 'sent');
      return { ...state, profile: page.profile, messages: mergeMessages(unsent, page.messages), hasMore: page.has_more, terms: page.terms, refusal: page.refusal };
    }
    case 'drop':
      return { ...state, messages: state.messages.filter((m) => m.key !== action.key) };
    case 'notSent':
      return {
        ...state,
        messages: state.messages.map((m) => (m.key === action.key ? { ...m, status: 'failed' as const, error: action.error } : m)),
      };
    case 'seen': {
      const mine = state.messages.filter((m) => m.status === 'sent' && m.sender_id === action.me);
      return mine.length ? { ...state, seenUpTo: Math.max(...mine.map((m) => m.id)) } : state;
    }
  }
}

/** Stored messages in id order, unsent ones after them. */
function reorder(messages: ShownMessage[]): ShownMessage[] {
  const stored = messages.filter((m) => m.status === 'sent').sort((a, b) => a.id - b.id);
  return [...stored, ...messages.filter((m) => m.status !== 'sent')];
}
