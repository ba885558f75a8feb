/**
 * One conversation as the screen shows it: its history (paged backwards), the terms of
 * the next message or why it would be refused, optimistic sending with retry, the live
 * news (messages, typing, read) and reading.
 *
 * Opened from a profile (/members/:id/chat) there may be no conversation yet: the
 * first message starts it, and the address becomes /chats/:id without a reload.
 */
import { useCallback, useEffect, useInsertionEffect, useReducer, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { pathTo } from '../../shared/routing/paths';
import { ApiError } from '../../shared/api/errors';
import { live } from '../../shared/realtime/socket';
import { LoginRequired } from '../discovery';
import { useSession } from '../session';
import { type ChatMessage, type ChatProfile, type HistoryPage, type SendTerms, chatApi, isRefusal, messageKey } from './chatApi';
import { markChatRead } from './chatList';
import { type FlaggedText, flaggedOf } from './shield';

/** Typing notices go out at most this often, and show this long on the other side. */
export const TYPING_SEND_MS = 3_000;
export const TYPING_SHOW_MS = 5_000;

export type MessageStatus = 'sent' | 'pending' | 'failed';
export interface ShownMessage extends ChatMessage {
  /** Stable across the optimistic copy and the stored message (the React key). */
  key: string;
  status: MessageStatus;
  error?: unknown;
}

/** An id from the address, or null when it is not one. */
export function idOf(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= 2147483647 ? id : null;
}

export interface Target {
  kind: 'member' | 'conversation';
  /** null: not a valid id in the address. */
  id: number | null;
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

/**
 * A message the scam shield flagged, not sent (issue 31.2): what it found, and what the
 * member wrote with its key, to send as it is when they confirm.
 */
export interface Nudge extends FlaggedText {
  sent: string;
  key: string;
}

export type ConversationState =
  | { status: 'loading' }
  | { status: 'unavailable' }
  | { status: 'login' }
  | { status: 'error'; error: unknown }
  | ({ status: 'ready' } & Conversation);

type Action =
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

const shown = (message: ChatMessage): ShownMessage => ({ ...message, key: `m${message.id}`, status: 'sent' });

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

function reducer(state: ConversationState, action: Action): ConversationState {
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

export function useConversation(target: Target, seed: Conversation | null) {
  const navigate = useNavigate();
  const me = useSession((s) => s.user?.id ?? null);
  const fromSeed = seed !== null && target.kind === 'conversation' && seed.conversationId === target.id;
  const [state, dispatch] = useReducer(reducer, null, (): ConversationState => (fromSeed ? { status: 'ready', ...seed } : { status: 'loading' }));
  // Shown from the seed the address change brought along (or the history state of a reload): refreshed quietly.
  const seeded = useRef(fromSeed);
  const [typingUntil, setTypingUntil] = useState(0);
  const [nudge, setNudge] = useState<Nudge | null>(null);
  const [attempt, setAttempt] = useState(0);
  // The state for callbacks that must not change with it (send, loadOlder, …). Kept by an
  // insertion effect, which runs before every layout effect: MessageList's layout effect
  // calls loadOlder in the same commit and must see this render's state.
  const current = useRef(state);
  useInsertionEffect(() => {
    current.current = state;
  });
  const lastTyping = useRef(0);

  const ready = state.status === 'ready' ? state : null;
  const conversationId = ready?.conversationId ?? null;
  const otherId = ready?.profile.id ?? null;

  // Load what the address names; a conversation shown already (first message sent) stays.
  useEffect(() => {
    const shownNow = current.current;
    if (target.kind === 'conversation' && shownNow.status === 'ready' && shownNow.conversationId !== null && shownNow.conversationId === target.id) {
      if (!seeded.current) return;
      seeded.current = false;
      chatApi.history(shownNow.conversationId).then((page) => dispatch({ type: 'refresh', page }), () => undefined);
      return;
    }
    if (target.id === null) {
      dispatch({ type: 'failed', error: new ApiError(404, 'not_found') });
      return;
    }
    const id = target.id;
    const controller = new AbortController();
    dispatch({ type: 'loading' });
    const load = async () => {
      if (target.kind === 'member') {
        const start = await chatApi.withMember(id, controller.signal);
        if (start.conversation !== null) {
          // Written before: the conversation's own address shows its history.
          await navigate(pathTo('chats-id', { id: start.conversation }), { replace: true });
          return;
        }
        dispatch({
          type: 'loaded',
          conversation: { conversationId: null, profile: start.profile, messages: [], hasMore: false, loadingOlder: false, terms: start.terms, refusal: start.refusal, seenUpTo: null },
        });
        return;
      }
      const page = await chatApi.history(id, undefined, controller.signal);
      dispatch({
        type: 'loaded',
        conversation: {
          conversationId: id,
          profile: page.profile,
          messages: page.messages.map(shown),
          hasMore: page.has_more,
          loadingOlder: false,
          terms: page.terms,
          refusal: page.refusal,
          seenUpTo: null,
        },
      });
    };
    load().catch((error: unknown) => {
      if (!controller.signal.aborted) dispatch({ type: 'failed', error });
    });
    return () => controller.abort();
  }, [target.kind, target.id, attempt, navigate]);

  // The first message started the conversation: give it its own address (once nothing is on its way).
  const pending = ready?.messages.some((m) => m.status === 'pending') ?? false;
  useEffect(() => {
    if (target.kind !== 'member' || conversationId === null || pending) return;
    const shownNow = current.current;
    if (shownNow.status !== 'ready') return;
    const { status: _status, ...conversation } = shownNow;
    void navigate(pathTo('chats-id', { id: conversationId }), { replace: true, state: { seed: conversation } });
  }, [target.kind, conversationId, pending, navigate]);

  /** Reads the conversation: on the server, and its unread count in the list at once. */
  const markRead = useCallback((id: number) => {
    markChatRead(id);
    chatApi.read(id).catch(() => undefined);
  }, []);

  // Opening the conversation reads it; news arriving while the page is hidden is read on return.
  const unreadWhileHidden = useRef(false);
  useEffect(() => {
    if (conversationId === null || me === null) return;
    const readIfVisible = () => {
      if (document.visibilityState === 'hidden') {
        unreadWhileHidden.current = true;
        return;
      }
      unreadWhileHidden.current = false;
      markRead(conversationId);
    };
    readIfVisible();
    const onVisibility = () => {
      if (document.visibilityState === 'visible' && unreadWhileHidden.current) readIfVisible();
    };
    document.addEventListener('visibilitychange', onVisibility);

    const offs = [
      live.on('message', ({ message }) => {
        if (message.conversation_id !== conversationId) return;
        dispatch({ type: 'merge', messages: [message] });
        if (message.sender_id !== me) {
          setTypingUntil(0);
          readIfVisible();
        }
      }),
      live.on('typing', (event) => {
        if (event.conversation === conversationId && event.member !== me) setTypingUntil(Date.now() + TYPING_SHOW_MS);
      }),
      live.on('read', (event) => {
        if (event.conversation === conversationId && me !== null) dispatch({ type: 'seen', me });
      }),
      // Back after a lost connection: fetch what came meanwhile.
      live.onConnect(() => {
        chatApi.history(conversationId).then(
          (page) => {
            dispatch({ type: 'merge', messages: page.messages });
            dispatch({ type: 'patch', patch: { terms: page.terms, refusal: page.refusal } });
          },
          () => undefined,
        );
      }),
    ];
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      for (const off of offs) off();
    };
  }, [conversationId, me, markRead]);

  // No conversation yet: the other member may start it while this screen is open.
  useEffect(() => {
    if (target.kind !== 'member' || conversationId !== null || otherId === null) return;
    return live.on('message', ({ message }) => {
      if (message.sender_id !== otherId) return;
      dispatch({ type: 'patch', patch: { conversationId: message.conversation_id } });
      dispatch({ type: 'merge', messages: [message] });
    });
  }, [target.kind, conversationId, otherId]);

  // "… is typing" ends by itself.
  const typing = typingUntil !== 0; // the timer below clears it when the time is up
  useEffect(() => {
    if (!typingUntil) return;
    const timer = setTimeout(() => setTypingUntil(0), Math.max(0, typingUntil - Date.now()));
    return () => clearTimeout(timer);
  }, [typingUntil]);

  const loadOlder = useCallback(() => {
    const shownNow = current.current;
    if (shownNow.status !== 'ready' || !shownNow.hasMore || shownNow.loadingOlder || shownNow.conversationId === null) return;
    const oldest = shownNow.messages.find((m) => m.status === 'sent');
    if (!oldest) return;
    dispatch({ type: 'patch', patch: { loadingOlder: true } });
    chatApi.history(shownNow.conversationId, oldest.id).then(
      (page) => dispatch({ type: 'merge', messages: page.messages, older: { hasMore: page.has_more } }),
      () => dispatch({ type: 'patch', patch: { loadingOlder: false } }),
    );
  }, []);

  /**
   * Sends a message (again, after a failure: same key, so it cannot arrive twice). One the
   * shield flags is taken back and becomes the nudge; `confirmed` sends it anyway.
   */
  const send = useCallback(
    async (text: string, key: string = messageKey(), confirmed = false) => {
      const shownNow = current.current;
      if (shownNow.status !== 'ready' || me === null) return;
      dispatch({
        type: 'local',
        message: {
          id: 0,
          key,
          conversation_id: shownNow.conversationId ?? 0,
          sender_id: me,
          text,
          created_at: new Date().toISOString(),
          status: 'pending',
        },
      });
      try {
        const answer = await chatApi.send(shownNow.profile.id, text, key, confirmed);
        const { user, setUser } = useSession.getState();
        if (user) setUser({ ...user, credits: answer.credits });
        dispatch({ type: 'sent', key, message: answer.message });
        dispatch({
          type: 'patch',
          patch: {
            conversationId: answer.message.conversation_id,
            // The server says whether the next message could go out too (shown before typing it).
            terms: answer.terms,
            refusal: answer.refusal,
          },
        });
      } catch (error) {
        if (error instanceof ApiError && error.code === 'already_sent') {
          // An earlier try got through after all: show the stored message instead of the copy.
          const id = shownNow.conversationId ?? (await chatApi.withMember(shownNow.profile.id).catch(() => null))?.conversation ?? null;
          const page = id === null ? null : await chatApi.history(id).catch(() => null);
          if (page) {
            dispatch({ type: 'patch', patch: { conversationId: id, terms: page.terms, refusal: page.refusal } });
            dispatch({ type: 'merge', messages: page.messages });
          }
          dispatch({ type: 'drop', key });
          return;
        }
        const flagged = flaggedOf(error);
        if (flagged) {
          // Not sent, and nothing stored: the member decides (edit it, or send it anyway).
          dispatch({ type: 'drop', key });
          setNudge({ ...flagged, text: flagged.text || text, sent: text, key });
          return;
        }
        dispatch({ type: 'notSent', key, error });
        if (error instanceof ApiError && isRefusal(error.code)) dispatch({ type: 'patch', patch: { refusal: error.code } });
      }
    },
    [me],
  );

  /**
   * A gift went out (the server answered with its message): shown like a sent message.
   * It may have started the conversation; the server's answer says what the next message
   * costs and whether the balance the gift left refuses it.
   */
  const addGift = useCallback(({ message, terms, refusal }: { message: ChatMessage; terms: SendTerms; refusal: string | null }) => {
    if (current.current.status !== 'ready') return;
    dispatch({ type: 'merge', messages: [message] });
    dispatch({ type: 'patch', patch: { conversationId: message.conversation_id, terms, refusal } });
  }, []);

  /** The nudge's answers: send the flagged message anyway (same key), or close it to edit the text. */
  const confirmNudge = useCallback(() => {
    if (!nudge) return;
    setNudge(null);
    void send(nudge.sent, nudge.key, true);
  }, [nudge, send]);
  const dismissNudge = useCallback(() => setNudge(null), []);

  /** Tells the other member that I am typing, at most every 3 s. */
  const typed = useCallback(() => {
    if (conversationId === null || Date.now() - lastTyping.current < TYPING_SEND_MS) return;
    lastTyping.current = Date.now();
    live.typing(conversationId);
  }, [conversationId]);

  return { state, me, typing, send, nudge, confirmNudge, dismissNudge, addGift, typed, loadOlder, retryLoad: () => setAttempt((n) => n + 1) };
}
