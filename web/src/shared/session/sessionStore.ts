/**
 * The logged-in member, or null for a visitor. Filled once at start-up from
 * GET /api/user, and by login, signup, activation and reactivation.
 */
import { create } from 'zustand';
import type { User } from '../api/types';
import type { Language } from '../i18n/languages';
import { fetchUser, sessionApi } from './sessionApi';

export type { User };

interface SessionState {
  user: User | null;
  /** Whether GET /api/user has answered (start-up waits for it). */
  loaded: boolean;
  setUser: (user: User) => void;
  /** Forgets the member locally (after a logout, or when the server says the session is gone). */
  clear: () => void;
  /** Asks the server who is logged in; a 403 means nobody (no error is shown). */
  load: () => Promise<User | null>;
  /** Start-up: asks the server only when the hint cookie says a session may exist. */
  loadAtStart: () => Promise<User | null>;
  /** Fetches the member again (after activation elsewhere, for instance). */
  refresh: () => Promise<User | null>;
  /** POST /api/logout, then forgets the member and everything loaded for them. */
  logout: () => Promise<void>;
  /**
   * Saves a logged-in member's language choice with PUT /api/user {language}.
   * Visitors keep it in the cookie only.
   */
  saveLanguage: (language: string) => Promise<void>;
}

/** Stores to empty on logout (chat, alerts, signup modal ...), registered by their features. */
const onClear = new Set<() => void>();
export function registerSessionReset(reset: () => void): () => void {
  onClear.add(reset);
  return () => onClear.delete(reset);
}

/**
 * The server sets the readable `auth.present=1` cookie with the HttpOnly session cookie
 * and clears it with it (adapters/http/session.py): without it nobody is logged in, and a
 * visitor's page need not ask GET /api/user (whose 403 the browser logs as an error).
 */
export const SESSION_HINT_COOKIE = 'auth.present';

export function sessionHinted(cookies: string = document.cookie): boolean {
  return cookies.split(';').some((part) => part.trim() === `${SESSION_HINT_COOKIE}=1`);
}

export const useSession = create<SessionState>()((set, get) => ({
  user: null,
  loaded: false,
  setUser: (user) => set({ user, loaded: true }),
  clear() {
    set({ user: null });
    for (const reset of onClear) reset();
  },
  async load() {
    try {
      const user = await fetchUser();
      const hadUser = get().user !== null;
      set({ user, loaded: true });
      // No session after all (it ended): later pages need not ask again.
      if (!user) document.cookie = `${SESSION_HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
      // The session ended elsewhere: forget everything loaded for the member too.
      if (hadUser && !user) get().clear();
      return user;
    } catch {
      // The server did not answer: carry on as a visitor rather than block the site.
      set({ loaded: true });
      return get().user;
    }
  },
  loadAtStart() {
    if (sessionHinted()) return get().load();
    set({ loaded: true });
    return Promise.resolve(null);
  },
  refresh() {
    return get().load();
  },
  async logout() {
    try {
      await sessionApi.logOut();
    } catch {
      // The cookie may outlive a failed call, but the member asked to leave: forget them here.
    } finally {
      get().clear();
    }
  },
  async saveLanguage(language) {
    if (!get().user) return;
    try {
      const user = await sessionApi.updatePreferences({ language: language as Language });
      if (get().user) set({ user });
    } catch {
      // The interface already switched; the account keeps its old language until next time.
    }
  },
}));

export const useIsLoggedIn = () => useSession((s) => s.user !== null);
