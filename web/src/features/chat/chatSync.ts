/**
 * Keeps the chats fresh while a member is logged in (spec sections 4 and 9): the live
 * connection is open, and the conversation list loads 5 s after login, then every 60 s
 * (300 s once push messages announce news), after every (re)connect of the socket, and
 * shortly after live news about messages, reads and counters. Credits pushed by the
 * server update the session; a revoked session ends here as it does in the API client.
 * When the page goes to the background the server is told (POST /api/page-hidden).
 *
 * The app icon badge (unread + new likes) is set by shared/title/DocumentTitle.
 */
import { type LiveSocket, live } from '../../shared/realtime/socket';
import { useSession } from '../../shared/session';
import { pageHidden } from './chatApi';
import { reloadChats } from './chatList';
import { SYNC_DELAY_MS, syncInterval } from './syncTiming';

export { PUSH_SYNC_INTERVAL_MS, SYNC_DELAY_MS, SYNC_INTERVAL_MS, syncInterval } from './syncTiming';
/** Live news often comes in bursts (message, counters, credits): one reload for them all. */
export const NEWS_DEBOUNCE_MS = 400;

export interface ChatSyncOptions {
  delay?: number;
  /** Milliseconds between reloads, asked again after each (push may have changed). */
  interval?: () => number;
  debounce?: number;
  socket?: Pick<LiveSocket, 'start' | 'stop' | 'on' | 'onConnect'>;
}

/** Follows the session; returns a function that stops everything. */
export function startChatSync({
  delay = SYNC_DELAY_MS,
  interval = () => syncInterval(false),
  debounce = NEWS_DEBOUNCE_MS,
  socket = live,
}: ChatSyncOptions = {}): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let newsTimer: ReturnType<typeof setTimeout> | null = null;
  // Each login starts a new run; a reload that ends after a logout schedules nothing.
  let run = 0;
  const loggedIn = () => useSession.getState().user !== null;

  const schedule = (ms: number, current: number) => {
    timer = setTimeout(async () => {
      await reloadChats();
      if (current === run) schedule(interval(), current);
    }, ms);
  };
  const reloadSoon = () => {
    if (!loggedIn()) return;
    if (newsTimer !== null) clearTimeout(newsTimer);
    newsTimer = setTimeout(() => {
      newsTimer = null;
      void reloadChats();
    }, debounce);
  };
  const stop = () => {
    run += 1;
    if (timer !== null) clearTimeout(timer);
    if (newsTimer !== null) clearTimeout(newsTimer);
    timer = newsTimer = null;
  };
  const follow = (isLoggedIn: boolean) => {
    stop();
    if (isLoggedIn) {
      socket.start();
      schedule(delay, run);
    } else {
      socket.stop();
    }
  };

  const offs = [
    socket.onConnect(() => {
      if (loggedIn()) void reloadChats();
    }),
    socket.on('message', reloadSoon),
    socket.on('read', reloadSoon),
    socket.on('counters', reloadSoon),
    socket.on('credits', ({ credits }) => {
      const { user, setUser } = useSession.getState();
      if (user && user.credits !== credits) setUser({ ...user, credits });
    }),
    socket.on('session_revoked', () => {
      // Logged out elsewhere or banned: ask the server, whose answer decides — a ban
      // shows the ban page, an ended session forgets the member (the socket stops too).
      if (loggedIn()) void useSession.getState().refresh();
    }),
  ];
  const onVisibility = () => {
    if (document.visibilityState === 'hidden' && loggedIn()) pageHidden();
  };
  document.addEventListener('visibilitychange', onVisibility);

  follow(loggedIn());
  const unsubscribe = useSession.subscribe((state, previous) => {
    // Another member logging in reconnects with their cookie; a credits update does nothing.
    if (state.user?.id !== previous.user?.id) follow(state.user !== null);
  });
  return () => {
    unsubscribe();
    for (const off of offs) off();
    document.removeEventListener('visibilitychange', onVisibility);
    stop();
    socket.stop();
  };
}
