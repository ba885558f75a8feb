/**
 * The logged-in member, or null for a visitor. Accounts arrive with the next issue:
 * it will fill `user` from POST/GET /api/user; everything else here already works.
 */
import { create } from 'zustand';
import type { User } from '../../shared/api/types';
import { useChat } from '../chat/chatStore';

export type { User };

interface SessionState {
  user: User | null;
  setUser: (user: User) => void;
  /** Forgets the member locally (after a logout, or when the server says the session is gone). */
  clear: () => void;
  /**
   * Hook point for the language switch: once accounts exist, a logged-in member's
   * choice is saved with PUT /api/user {language}. Visitors keep it in the cookie only.
   */
  saveLanguage: (language: string) => Promise<void>;
}

export const useSession = create<SessionState>()((set, get) => ({
  user: null,
  setUser: (user) => set({ user }),
  clear() {
    set({ user: null });
    useChat.getState().reset();
  },
  async saveLanguage(_language) {
    if (!get().user) return;
    // Next issue: await api.put('/api/user', { language: _language }) and store the answer.
  },
}));

export const useIsLoggedIn = () => useSession((s) => s.user !== null);
