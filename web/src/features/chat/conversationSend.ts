/**
 * Sending in the open conversation: optimistic (the message shows at once as pending),
 * again after a failure with the same key (so it cannot arrive twice), and the scam
 * shield's nudge for a message it flagged (issue 31.2).
 */
import { type Dispatch, type RefObject, useCallback, useState } from 'react';
import { ApiError } from '../../shared/api/errors';
import { useSession } from '../../shared/session';
import { chatApi, isRefusal, messageKey } from './chatApi';
import type { Action, Conversation, ConversationState } from './conversationState';
import { type FlaggedText, flaggedOf } from './shield';

/**
 * A message the scam shield flagged, not sent (issue 31.2): what it found, and what the
 * member wrote with its key, to send as it is when they confirm.
 */
export interface Nudge extends FlaggedText {
  sent: string;
  key: string;
}

/** An earlier try got through after all: show the stored message instead of the copy. */
async function showStoredInstead(conversation: Conversation, key: string, dispatch: Dispatch<Action>): Promise<void> {
  const id = conversation.conversationId ?? (await chatApi.withMember(conversation.profile.id).catch(() => null))?.conversation ?? null;
  const page = id === null ? null : await chatApi.history(id).catch(() => null);
  if (page) {
    dispatch({ type: 'patch', patch: { conversationId: id, terms: page.terms, refusal: page.refusal } });
    dispatch({ type: 'merge', messages: page.messages });
  }
  dispatch({ type: 'drop', key });
}

interface Outgoing {
  text: string;
  key: string;
  confirmed: boolean;
}

/** Sends one message shown as pending; what the server answers decides what the screen shows. */
async function deliver(conversation: Conversation, { text, key, confirmed }: Outgoing, dispatch: Dispatch<Action>, setNudge: (nudge: Nudge) => void) {
  try {
    const answer = await chatApi.send(conversation.profile.id, text, key, confirmed);
    const { user, setUser } = useSession.getState();
    if (user) setUser({ ...user, credits: answer.credits });
    dispatch({ type: 'sent', key, message: answer.message });
    // The server says whether the next message could go out too (shown before typing it).
    dispatch({ type: 'patch', patch: { conversationId: answer.message.conversation_id, terms: answer.terms, refusal: answer.refusal } });
  } catch (error) {
    if (error instanceof ApiError && error.code === 'already_sent') {
      await showStoredInstead(conversation, key, dispatch);
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
}

/** `send`, and the nudge with its answers: send the flagged message anyway (same key), or close it to edit the text. */
export function useSending(currentRef: RefObject<ConversationState>, me: number | null, dispatch: Dispatch<Action>) {
  const [nudge, setNudge] = useState<Nudge | null>(null);

  /**
   * Sends a message (again, after a failure: same key, so it cannot arrive twice). One the
   * shield flags is taken back and becomes the nudge; `confirmed` sends it anyway.
   */
  const send = useCallback(
    async (text: string, key: string = messageKey(), confirmed = false) => {
      const shownNow = currentRef.current;
      if (shownNow.status !== 'ready' || me === null) return;
      const pending = { id: 0, key, conversation_id: shownNow.conversationId ?? 0, sender_id: me, text, created_at: new Date().toISOString(), status: 'pending' as const };
      dispatch({ type: 'local', message: pending });
      await deliver(shownNow, { text, key, confirmed }, dispatch, setNudge);
    },
    [currentRef, me, dispatch],
  );

  const confirmNudge = useCallback(() => {
    if (!nudge) return;
    setNudge(null);
    void send(nudge.sent, nudge.key, true);
  }, [nudge, send]);
  const dismissNudge = useCallback(() => setNudge(null), []);

  return { send, nudge, confirmNudge, dismissNudge };
}
