/**
 * The periodic refresh (spec section 9): while a member is logged in, the user, the chats
 * and the likes are fetched 5 s after load (or login), then every 60 s — every 300 s
 * once push messages keep them fresh. It stops on logout.
 */
import { useSession } from '../../shared/session';
import { reloadLikes } from './likesStore';

export const REFRESH_DELAY_MS = 5_000;
export const REFRESH_INTERVAL_MS = 60_000;
export const PUSH_REFRESH_INTERVAL_MS = 300_000;

/** How often to refresh: push messages announce news, so polling can slow down. */
export function refreshInterval(pushSubscribed: boolean): number {
  return pushSubscribed ? PUSH_REFRESH_INTERVAL_MS : REFRESH_INTERVAL_MS;
}

type RefreshTask = () => Promise<unknown>;

// The chats issue adds its list here with addRefreshTask.
const tasks = new Set<RefreshTask>([() => useSession.getState().refresh(), reloadLikes]);

export function addRefreshTask(task: RefreshTask): () => void {
  tasks.add(task);
  return () => tasks.delete(task);
}

/** Runs every task once; a failure of one does not stop the others (the next round retries). */
export async function refreshAll(): Promise<void> {
  await Promise.all([...tasks].map((task) => task().catch(() => undefined)));
}

export interface RefresherOptions {
  delay?: number;
  /** Milliseconds between rounds, asked again after each round (push may have changed). */
  interval?: () => number;
}

/** Follows the session: refreshes while logged in. Returns a stop function. */
export function startRefresher({ delay = REFRESH_DELAY_MS, interval = () => REFRESH_INTERVAL_MS }: RefresherOptions = {}): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  // Each login starts a new run; a round that ends after a logout (or a new login) stops.
  let run = 0;

  const schedule = (ms: number, current: number) => {
    timer = setTimeout(async () => {
      await refreshAll();
      if (current === run) schedule(interval(), current);
    }, ms);
  };
  const stop = () => {
    run += 1;
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  const follow = (loggedIn: boolean) => {
    stop();
    if (loggedIn) schedule(delay, run);
  };

  follow(useSession.getState().user !== null);
  const unsubscribe = useSession.subscribe((state, previous) => {
    if ((state.user === null) !== (previous.user === null)) follow(state.user !== null);
  });
  return () => {
    unsubscribe();
    stop();
  };
}
