/**
 * One conversation as the screen shows it: its history (paged backwards), the terms of
 * the next message or why it would be refused, optimistic sending with retry
 * (conversationSend.ts), the live news and reading (conversationLive.ts).
 *
 * Opened from a profile (/members/:id/chat) there may be no conversation yet: the
 * first message starts it, and the address becomes /chats/:id without a reload.
 */
import { type Dispatch, type RefObject, useCallback, useEffect, useInsertionEffect, useReducer, useRef, useState } from 'react';
import { type NavigateFunction, useNavigate } from 'react-router';
import { ApiError } from '../../shared/api/errors';
import { pathTo } from '../../shared/routing/paths';
import { useSession } from '../../shared/session';
import { type ChatMessage, type SendTerms, chatApi } from './chatApi';
import { useLiveConversation, useStartedByOther, useTyping } from './conversationLive';
import { useSending } from './conversationSend';
import { type Action, type Conversation, type ConversationState, conversationOf, reducer } from './conversationState';

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

/**
 * The state for callbacks that must not change with it (send, loadOlder, …). Kept by an
 * insertion effect, which runs before every layout effect: MessageList's layout effect
 * calls loadOlder in the same commit and must see this render's state.
 */
function useCurrent<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useInsertionEffect(() => {
    ref.current = value;
  });
  return ref;
}

/**
 * What the address names: a member without a conversation yet (null), or a conversation;
 * one that exists already for a member is opened at its own address instead (undefined).
 */
async function loadTarget(kind: Target['kind'], id: number, signal: AbortSignal, navigate: NavigateFunction): Promise<Conversation | undefined> {
  if (kind === 'conversation') return conversationOf(id, await chatApi.history(id, undefined, signal));
  const start = await chatApi.withMember(id, signal);
  if (start.conversation !== null) {
    // Written before: the conversation's own address shows its history.
    await navigate(pathTo('chats-id', { id: start.conversation }), { replace: true });
    return undefined;
  }
  return { conversationId: null, profile: start.profile, messages: [], hasMore: false, loadingOlder: false, terms: start.terms, refusal: start.refusal, seenUpTo: null };
}

interface Loading {
  currentRef: RefObject<ConversationState>;
  /** Shown from the seed the address change brought along (or the history state of a reload): refreshed quietly. */
  seededRef: RefObject<boolean>;
  dispatch: Dispatch<Action>;
  navigate: NavigateFunction;
}

/** Loads what the address names; a conversation shown already (first message sent) stays. */
function useLoadTarget(target: Target, attempt: number, { currentRef, seededRef, dispatch, navigate }: Loading): void {
  useEffect(() => {
    const shownNow = currentRef.current;
    if (target.kind === 'conversation' && shownNow.status === 'ready' && shownNow.conversationId !== null && shownNow.conversationId === target.id) {
      if (!seededRef.current) return;
      seededRef.current = false;
      chatApi.history(shownNow.conversationId).then((page) => dispatch({ type: 'refresh', page }), () => undefined);
      return;
    }
    if (target.id === null) {
      dispatch({ type: 'failed', error: new ApiError(404, 'not_found') });
      return;
    }
    const controller = new AbortController();
    dispatch({ type: 'loading' });
    loadTarget(target.kind, target.id, controller.signal, navigate).then(
      (conversation) => conversation && dispatch({ type: 'loaded', conversation }),
      (error: unknown) => !controller.signal.aborted && dispatch({ type: 'failed', error }),
    );
    return () => controller.abort();
  }, [target.kind, target.id, attempt, navigate, currentRef, seededRef, dispatch]);
}

/** The first message started the conversation: give it its own address (once nothing is on its way). */
function useAddressOfStarted(target: Target, state: ConversationState, currentRef: RefObject<ConversationState>, navigate: NavigateFunction): void {
  const ready = state.status === 'ready' ? state : null;
  const conversationId = ready?.conversationId ?? null;
  const pending = ready?.messages.some((m) => m.status === 'pending') ?? false;
  useEffect(() => {
    if (target.kind !== 'member' || conversationId === null || pending) return;
    const shownNow = currentRef.current;
    if (shownNow.status !== 'ready') return;
    const { status: _status, ...conversation } = shownNow;
    void navigate(pathTo('chats-id', { id: conversationId }), { replace: true, state: { seed: conversation } });
  }, [target.kind, conversationId, pending, navigate, currentRef]);
}

/** Older messages, a page before the oldest shown (one page at a time). */
function useLoadOlder(currentRef: RefObject<ConversationState>, dispatch: Dispatch<Action>): () => void {
  return useCallback(() => {
    const shownNow = currentRef.current;
    if (shownNow.status !== 'ready' || !shownNow.hasMore || shownNow.loadingOlder || shownNow.conversationId === null) return;
    const oldest = shownNow.messages.find((m) => m.status === 'sent');
    if (!oldest) return;
    dispatch({ type: 'patch', patch: { loadingOlder: true } });
    chatApi.history(shownNow.conversationId, oldest.id).then(
      (page) => dispatch({ type: 'merge', messages: page.messages, older: { hasMore: page.has_more } }),
      () => dispatch({ type: 'patch', patch: { loadingOlder: false } }),
    );
  }, [currentRef, dispatch]);
}

/**
 * A gift went out (the server answered with its message): shown like a sent message.
 * It may have started the conversation; the server's answer says what the next message
 * costs and whether the balance the gift left refuses it.
 */
function useAddGift(currentRef: RefObject<ConversationState>, dispatch: Dispatch<Action>) {
  return useCallback(
    ({ message, terms, refusal }: { message: ChatMessage; terms: SendTerms; refusal: string | null }) => {
      if (currentRef.current.status !== 'ready') return;
      dispatch({ type: 'merge', messages: [message] });
      dispatch({ type: 'patch', patch: { conversationId: message.conversation_id, terms, refusal } });
    },
    [currentRef, dispatch],
  );
}

export function useConversation(target: Target, seed: Conversation | null) {
  const navigate = useNavigate();
  const me = useSession((s) => s.user?.id ?? null);
  const fromSeed = seed !== null && target.kind === 'conversation' && seed.conversationId === target.id;
  const [state, dispatch] = useReducer(reducer, null, (): ConversationState => (fromSeed ? { status: 'ready', ...seed } : { status: 'loading' }));
  const seededRef = useRef(fromSeed);
  const [attempt, setAttempt] = useState(0);
  const currentRef = useCurrent(state);
  const ready = state.status === 'ready' ? state : null;
  const conversationId = ready?.conversationId ?? null;

  useLoadTarget(target, attempt, { currentRef, seededRef, dispatch, navigate });
  useAddressOfStarted(target, state, currentRef, navigate);
  const { typing, showTyping, typed } = useTyping(conversationId);
  useLiveConversation(conversationId, me, dispatch, showTyping);
  useStartedByOther(target.kind === 'member' && conversationId === null, ready?.profile.id ?? null, dispatch);
  const loadOlder = useLoadOlder(currentRef, dispatch);
  const addGift = useAddGift(currentRef, dispatch);
  const { send, nudge, confirmNudge, dismissNudge } = useSending(currentRef, me, dispatch);

  return { state, me, typing, send, nudge, confirmNudge, dismissNudge, addGift, typed, loadOlder, retryLoad: () => setAttempt((n) => n + 1) };
}
