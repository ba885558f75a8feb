/**
 * Chat and likes counters (spec section 3 "Chat state"). The lists are filled by the
 * chat and likes issues; the totals drive the navigation badges and the page title.
 */
import { create } from 'zustand';
import { registerSessionReset } from '../session';

export interface ChatListItem {
  conversation: { id: number };
  profile: { id: number; [field: string]: unknown };
  num_unread_messages: number;
}

export interface LikedByItem {
  id: number;
  like_new: boolean;
  [field: string]: unknown;
}

interface ChatState {
  chats: ChatListItem[];
  likes: { profiles: unknown[]; liked_by: LikedByItem[] };
  totalUnread: number;
  totalNewLikes: number;
  setChats: (chats: ChatListItem[]) => void;
  setLikes: (likes: ChatState['likes']) => void;
  reset: () => void;
}

const empty = { chats: [], likes: { profiles: [], liked_by: [] }, totalUnread: 0, totalNewLikes: 0 };

export const useChat = create<ChatState>()((set) => ({
  ...empty,
  setChats: (chats) =>
    set({ chats, totalUnread: chats.reduce((sum, chat) => sum + chat.num_unread_messages, 0) }),
  setLikes: (likes) =>
    set({ likes, totalNewLikes: likes.liked_by.filter((item) => item.like_new).length }),
  reset: () => set(empty),
}));

/** Unread messages plus new likes: the page title count and the app icon badge. */
export const useAttentionCount = () => useChat((s) => s.totalUnread + s.totalNewLikes);

// What was loaded for the member goes with their session.
registerSessionReset(() => useChat.getState().reset());
