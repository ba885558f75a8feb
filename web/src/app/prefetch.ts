/**
 * Idle prefetch (spec section 9): 2000 ms after the app has become idle (its first
 * screen shown, the page loaded), in an idle moment (requestIdleCallback with a 2000 ms
 * timeout; at once where the browser has none), warm the chunks of
 * the screens the visitor or member most likely opens next, so that tapping them shows
 * the screen without waiting for its code. Only the screens' code: their loaders (and
 * with them any data) run on the real navigation.
 *
 * Skipped entirely on a data-saver connection or on 2g. Each screen is warmed at most
 * once per page load, and a failed prefetch is ignored (no reload: see importQuietly).
 */
import { matchRoutes } from 'react-router';
import { useSession } from '../shared/session/sessionStore';
import { importQuietly } from '../shared/chunkReload';
import { IDLE_TIMEOUT_MS, whenSettled } from '../shared/idle';
import { type AppRoute, ROUTES, routeOf } from './routes';

export const IDLE_PREFETCH_TIMEOUT_MS = IDLE_TIMEOUT_MS;

/** The likely next screens by state: visitors on the landing page, and members anywhere. */
const VISITOR_HOME_NEXT = ['signup', 'login', 'members'];
const MEMBER_NEXT = ['members', 'chats', 'likes', 'members-id'];

interface NetworkInformationLike {
  saveData?: boolean;
  effectiveType?: string;
}

/** Whether the connection asks us not to download what was not asked for. */
export function prefetchUnwelcome(nav: Navigator | undefined = typeof navigator === 'undefined' ? undefined : navigator): boolean {
  const connection = (nav as (Navigator & { connection?: NetworkInformationLike }) | undefined)?.connection;
  if (!connection) return false;
  return connection.saveData === true || connection.effectiveType === 'slow-2g' || connection.effectiveType === '2g';
}

export function likelyNextRoutes(state: { loggedIn: boolean; pathname: string }): string[] {
  if (state.loggedIn) return MEMBER_NEXT;
  if (state.pathname === '/') return VISITOR_HOME_NEXT;
  return [];
}

const prefetched = new Set<string>();

/** Forgets what was prefetched (tests: a new page load). */
export function resetPrefetched(): void {
  prefetched.clear();
}

/** A task of its own for what follows (a macrotask: the browser may paint and handle input between). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Imports the screens' chunks not prefetched before, each in a task of its own; failures
 * are ignored. Asking for a screen's chunks adds a link for each of them (Vite's preload
 * helper, some 15 for the chats): all four screens at once were one task of some 35 ms on
 * a fast machine, a long task of /members' start on a phone (issue 36.5).
 */
export function prefetchRoutes(names: readonly string[]): Promise<void> {
  const loads: Promise<unknown>[] = [];
  const waiting = names.filter((name) => !prefetched.has(name));
  waiting.forEach((name) => prefetched.add(name));
  const next = async (index: number): Promise<void> => {
    if (index >= waiting.length) return;
    if (index > 0) await nextTask();
    const route = routeOf(waiting[index]!);
    if (route) loads.push(importQuietly(route.page));
    return next(index + 1);
  };
  return next(0).then(() => Promise.all(loads)).then(() => undefined);
}

/** What the prefetch needs of the router: where we are, whether a screen is loading, and word of every change. */
export interface LocationSource {
  state: { location: { pathname: string }; initialized: boolean; navigation: { state: string } };
  subscribe: (listener: () => void) => () => void;
}

/**
 * Warms the likely next screens once the app is idle, and again whenever the state
 * changes (a visitor logs in, a navigation) and brings screens not warmed yet.
 * Returns a function that stops it.
 */
export function startIdlePrefetch(router: LocationSource): () => void {
  let cancel: (() => void) | null = null;
  const current = () =>
    likelyNextRoutes({ loggedIn: useSession.getState().user !== null, pathname: router.state.location.pathname });
  const schedule = () => {
    // The app is idle once its screen is on: not while the router still loads one.
    const busy = !router.state.initialized || router.state.navigation.state !== 'idle';
    if (cancel || busy || current().every((name) => prefetched.has(name))) return;
    cancel = whenSettled(() => {
      cancel = null;
      if (prefetchUnwelcome()) return;
      void prefetchRoutes(current());
    });
  };
  schedule();
  const stopRouter = router.subscribe(schedule);
  const stopSession = useSession.subscribe(schedule);
  return () => {
    cancel?.();
    cancel = null;
    stopRouter();
    stopSession();
  };
}

/**
 * Start-up: the screen of the address being opened, fetched while the app boots (the
 * router would ask for it only once settings, texts and session are in). A failure is
 * left to the router, whose own import of the screen then reloads the page.
 */
export function warmCurrentRoute(pathname: string): void {
  const registry = Object.entries(ROUTES as Record<string, AppRoute>);
  // A path without parameters ("/members"), as typed: no other route matches it better, and
  // ranking all ~70 routes (matchRoutes) was a tenth of the start-up script's first task.
  const exact = registry.find(([, route]) => route.path === pathname);
  const match = exact ? undefined : matchRoutes(registry.map(([id, route]) => ({ id, path: route.path })), pathname)?.at(-1);
  const route = exact ? exact[1] : match ? routeOf(match.route.id) : undefined;
  if (route) void importQuietly(route.page);
}
