/**
 * The conversation list lives in the chat store (spec section 3 "Chat state": chats and
 * the total of unread messages, which drives the badge and the page title). This module
 * loads it, remembers whether it was loaded (the progress indicator shows on the first
 * load only), and removes or reads a conversation locally at once.
 */
import { create } from 'zustand';
import { useChat } from './chatStore';
import { registerSessionReset, useSession } from '../session';
import { type ChatSummary, chatApi } from './chatApi';

interface ChatsStatus {
  loaded: boolean;
  error: unknown;
  /** A failed deletion, shown on the list until dismissed. */
  deleteError: unknown;
}

export const useChatsStatus = create<ChatsStatus>()(() => ({ loaded: false, error: null, deleteError: null }));

registerSessionReset(() => useChatsStatus.setState({ loaded: false, error: null, deleteError: null }));

let pending: Promise<void> | null = null;
let again = false;
// Conversations whose deletion is on its way: a list fetched meanwhile may still hold them.
const deleting = new Set<number>();

/**
 * Fetches the list and puts it into the chat store. One request at a time; a call
 * during a request asks for one more after it, since the news may have come too late
 * for the request on its way.
 */
export function reloadChats(): Promise<void> {
  if (pending) {
    again = true;
    return pending;
  }
  pending = chatApi
    .chats()
    .then(
      (chats) => {
        // Logged out while the list was on its way: it belongs to nobody now.
        if (!useSession.getState().user) return;
        useChat.getState().setChats(chats.filter((chat) => !deleting.has(chat.conversation.id)));
        useChatsStatus.setState({ loaded: true, error: null });
      },
      (error: unknown) => useChatsStatus.setState({ error }),
    )
    .finally(() => {
      pending = null;
      if (again) {
        again = false;
        void reloadChats();
      }
    });
  return pending;
}

/** The list as loaded by reloadChats (the chat store keeps it loosely typed). */
export function useChats(): ChatSummary[] {
  return useChat((s) => s.chats) as ChatSummary[];
}

/** Changes one conversation of the list in place (no-op when it is not listed). */
function updateChat(id: number, change: (chat: ChatSummary) => ChatSummary | null): void {
  const { chats, setChats } = useChat.getState();
  if (!chats.some((chat) => chat.conversation.id === id)) return;
  setChats(
    (chats as ChatSummary[]).flatMap((chat) => {
      if (chat.conversation.id !== id) return [chat];
      const changed = change(chat);
      return changed ? [changed] : [];
    }),
  );
}

/** Opening a conversation zeroes its unread count (spec section 4); the badge follows at once. */
export function markChatRead(id: number): void {
  updateChat(id, (chat) => (chat.num_unread_messages === 0 ? chat : { ...chat, num_unread_messages: 0 }));
}

/**
 * Removes a conversation: from the list at once, then on the server. On failure the
 * error is kept for an alert on the list and the list is loaded again (spec section 4).
 */
export async function deleteChat(id: number): Promise<boolean> {
  deleting.add(id);
  updateChat(id, () => null);
  useChatsStatus.setState({ deleteError: null });
  try {
    await chatApi.remove(id);
    return true;
  } catch (error) {
    useChatsStatus.setState({ deleteError: error });
    return false;
  } finally {
    deleting.delete(id);
    await reloadChats();
  }
}
