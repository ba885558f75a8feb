/**
 * The open conversation's live side: reading it (at once, and on return to a hidden
 * page), the socket's news (messages, typing, read, reconnects) and "… is typing".
 */
import { type Dispatch, useCallback, useEffect, useRef, useState } from 'react';
import { live } from '../../shared/realtime/socket';
import { chatApi } from './chatApi';
import { markChatRead } from './chatList';
import type { Action } from './conversationState';

/** Typing notices go out at most this often, and show this long on the other side. */
export const TYPING_SEND_MS = 3_000;
export const TYPING_SHOW_MS = 5_000;

/** Reads the conversation: on the server, and its unread count in the list at once. */
function markRead(id: number): void {
  markChatRead(id);
  chatApi.read(id).catch(() => undefined);
}

/**
 * Opening the conversation reads it; news arriving while the page is hidden is read on
 * return. Returns the reading for news that arrives.
 */
function followVisibility(conversationId: number, unreadWhileHidden: { current: boolean }): { readIfVisible: () => void; stop: () => void } {
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
  return { readIfVisible, stop: () => document.removeEventListener('visibilitychange', onVisibility) };
}

/** The conversation's news from the socket, while it is open; returns what stops following it. */
function followNews(conversationId: number, me: number, dispatch: Dispatch<Action>, showTyping: (until: number) => void, readIfVisible: () => void) {
  const offs = [
    live.on('message', ({ message }) => {
      if (message.conversation_id !== conversationId) return;
      dispatch({ type: 'merge', messages: [message] });
      if (message.sender_id !== me) {
        showTyping(0);
        readIfVisible();
      }
    }),
    live.on('typing', (event) => {
      if (event.conversation === conversationId && event.member !== me) showTyping(Date.now() + TYPING_SHOW_MS);
    }),
    live.on('read', (event) => {
      if (event.conversation === conversationId) dispatch({ type: 'seen', me });
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
    for (const off of offs) off();
  };
}

/** Reads the open conversation and follows its news. */
export function useLiveConversation(conversationId: number | null, me: number | null, dispatch: Dispatch<Action>, showTyping: (until: number) => void): void {
  const unreadWhileHidden = useRef(false);
  useEffect(() => {
    if (conversationId === null || me === null) return;
    const visibility = followVisibility(conversationId, unreadWhileHidden);
    const stopNews = followNews(conversationId, me, dispatch, showTyping, visibility.readIfVisible);
    return () => {
      visibility.stop();
      stopNews();
    };
  }, [conversationId, me, dispatch, showTyping]);
}

/** No conversation yet: the other member may start it while this screen is open. */
export function useStartedByOther(waiting: boolean, otherId: number | null, dispatch: Dispatch<Action>): void {
  useEffect(() => {
    if (!waiting || otherId === null) return;
    return live.on('message', ({ message }) => {
      if (message.sender_id !== otherId) return;
      dispatch({ type: 'patch', patch: { conversationId: message.conversation_id } });
      dispatch({ type: 'merge', messages: [message] });
    });
  }, [waiting, otherId, dispatch]);
}

/**
 * "… is typing": shown until the time `showTyping` was given (0: no more), and `typed`
 * tells the other member that I am typing, at most every 3 s.
 */
export function useTyping(conversationId: number | null) {
  const [typingUntil, showTyping] = useState(0);
  useEffect(() => {
    if (!typingUntil) return;
    const timer = setTimeout(() => showTyping(0), Math.max(0, typingUntil - Date.now()));
    return () => clearTimeout(timer);
  }, [typingUntil]);

  const lastTyping = useRef(0);
  const typed = useCallback(() => {
    if (conversationId === null || Date.now() - lastTyping.current < TYPING_SEND_MS) return;
    lastTyping.current = Date.now();
    live.typing(conversationId);
  }, [conversationId]);

  return { typing: typingUntil !== 0, showTyping, typed };
}
