/**
 * The conversation list lives in the chat store (spec section 3 "Chat state": chats and
 * the total of unread messages, which drives the badge and the page title). This module
 * loads it, remembers whether it was loaded (the progress indicator shows on the first
 * load only), and removes or reads a conversation locally at once.
 */
import { create } from 'zustand';
import { useChat } from '../../shared/counters/chatStore';
import { serverQuery } from '../../shared/api/serverQuery';
import { registerSessionReset } from '../../shared/session';
import { type ChatSummary, chatApi } from './chatApi';

interface ChatsStatus {
  loaded: boolean;
  error: unknown;
  /** A failed deletion, shown on the list until dismissed. */
  deleteError: unknown;
}

export const useChatsStatus = create<ChatsStatus>()(() => ({ loaded: false, error: null, deleteError: null }));

// Conversations whose deletion is on its way: a list fetched meanwhile may still hold them.
const deleting = new Set<number>();

const chatsQuery = serverQuery<void, ChatSummary[]>({
  fetch: () => chatApi.chats(),
  keep(chats) {
    useChat.getState().setChats(chats.filter((chat) => !deleting.has(chat.conversation.id)));
    useChatsStatus.setState({ loaded: true, error: null });
  },
  fail: (error) => useChatsStatus.setState({ error }),
});

// A list on its way at logout belongs to nobody: it is dropped.
registerSessionReset(() => {
  chatsQuery.clear();
  useChatsStatus.setState({ loaded: false, error: null, deleteError: null });
});

/**
 * Fetches the list and puts it into the chat store. One request at a time; a call
 * during a request asks for one more after it, since the news may have come too late
 * for the request on its way. Never fails: a failure is kept for the list to show.
 */
export function reloadChats(): Promise<void> {
  return chatsQuery.refresh().then(
    () => undefined,
    () => undefined,
  );
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
