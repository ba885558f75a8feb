import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userFixture } from '../test/fixtures';
import { useSession } from '../shared/session/sessionStore';
import { CHUNK_RELOAD_KEY, installPreloadErrorReload } from '../shared/chunkReload';
import {
  IDLE_PREFETCH_TIMEOUT_MS,
  type LocationSource,
  likelyNextRoutes,
  prefetchUnwelcome,
  resetPrefetched,
  startIdlePrefetch,
  warmCurrentRoute,
} from './prefetch';
import { type AppRoute, ROUTES } from './routes';

const registry = ROUTES as Record<string, AppRoute>;
const WATCHED = ['signup', 'login', 'members', 'chats', 'likes', 'members-id', 'faq', 'settings'];

/** Stands in for every watched screen's page(): records the call, loads nothing. */
function spyOnPages(load: () => Promise<unknown> = async () => () => null) {
  const originals = Object.fromEntries(WATCHED.map((name) => [name, registry[name]!.page]));
  const spies = Object.fromEntries(
    WATCHED.map((name) => {
      const spy = vi.fn(load as AppRoute['page']);
      registry[name]!.page = spy;
      return [name, spy];
    }),
  );
  const called = () => WATCHED.filter((name) => spies[name]!.mock.calls.length > 0);
  const restore = () => WATCHED.forEach((name) => (registry[name]!.page = originals[name]!));
  return { spies, called, restore };
}

/** The screens warmed so far, once those due have had their turns (each comes in a task of its own, a timer's). */
async function warmed(pages: { called: () => string[] }): Promise<string[]> {
  for (let turn = 0; turn < WATCHED.length; turn++) await vi.advanceTimersByTimeAsync(1);
  return pages.called();
}

/** A router as far as the prefetch sees one: a path, and word of navigations. */
function fakeRouter(pathname: string, { loading = false } = {}) {
  const listeners = new Set<() => void>();
  const state = (path: string, busy: boolean) => ({
    location: { pathname: path },
    initialized: !busy,
    navigation: { state: busy ? 'loading' : 'idle' },
  });
  const router: LocationSource & { go: (path: string, busy?: boolean) => void } = {
    state: state(pathname, loading),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    go: (path, busy = false) => {
      router.state = state(path, busy);
      listeners.forEach((listener) => listener());
    },
  };
  return router;
}

function setConnection(connection: { saveData?: boolean; effectiveType?: string } | undefined) {
  Object.defineProperty(navigator, 'connection', { value: connection, configurable: true });
}

describe('the likely next screens', () => {
  it('are signup, login and the member search for visitors on "/"', () => {
    expect(likelyNextRoutes({ loggedIn: false, pathname: '/' })).toEqual(['signup', 'login', 'members']);
    expect(likelyNextRoutes({ loggedIn: false, pathname: '/pages/faq' })).toEqual([]);
  });

  it('are the members area for members', () => {
    expect(likelyNextRoutes({ loggedIn: true, pathname: '/members' })).toEqual(['members', 'chats', 'likes', 'members-id']);
    expect(likelyNextRoutes({ loggedIn: true, pathname: '/' })).toEqual(['members', 'chats', 'likes', 'members-id']);
  });

  it('are not fetched on data saver or 2g', () => {
    expect(prefetchUnwelcome({ connection: { saveData: true, effectiveType: '4g' } } as never)).toBe(true);
    expect(prefetchUnwelcome({ connection: { effectiveType: '2g' } } as never)).toBe(true);
    expect(prefetchUnwelcome({ connection: { effectiveType: 'slow-2g' } } as never)).toBe(true);
    expect(prefetchUnwelcome({ connection: { effectiveType: '3g', saveData: false } } as never)).toBe(false);
    expect(prefetchUnwelcome({} as never)).toBe(false); // browsers without the API
  });
});

describe('idle prefetch', () => {
  let pages: ReturnType<typeof spyOnPages>;
  let stop: () => void = () => {};

  beforeEach(() => {
    vi.useFakeTimers();
    resetPrefetched();
    setConnection({ effectiveType: '4g', saveData: false });
  });
  afterEach(() => {
    stop();
    pages?.restore();
    useSession.setState({ user: null });
    setConnection(undefined);
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('warms signup, login and members for a visitor on "/" 2000 ms after the app is idle (no requestIdleCallback)', async () => {
    pages = spyOnPages();
    stop = startIdlePrefetch(fakeRouter('/'));
    await vi.advanceTimersByTimeAsync(IDLE_PREFETCH_TIMEOUT_MS - 1);
    expect(pages.called()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(await warmed(pages)).toEqual(['signup', 'login', 'members']);
  });

  it('then waits for an idle moment: requestIdleCallback with the 2000 ms timeout, where there is one', async () => {
    pages = spyOnPages();
    const requestIdleCallback = vi.fn((callback: IdleRequestCallback, options?: IdleRequestOptions) =>
      setTimeout(() => callback({ didTimeout: true, timeRemaining: () => 0 }), options?.timeout) as unknown as number,
    );
    vi.stubGlobal('requestIdleCallback', requestIdleCallback);
    vi.stubGlobal('cancelIdleCallback', (id: number) => clearTimeout(id));
    stop = startIdlePrefetch(fakeRouter('/'));
    await vi.advanceTimersByTimeAsync(1999);
    expect(requestIdleCallback).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), { timeout: 2000 });
    expect(pages.called()).toEqual([]);
    await vi.advanceTimersByTimeAsync(2000); // the browser never got idle: the timeout
    expect(await warmed(pages)).toEqual(['signup', 'login', 'members']);
  });

  it('warms the members area for members, once per page load per screen', async () => {
    pages = spyOnPages();
    useSession.setState({ user: userFixture() });
    const router = fakeRouter('/members');
    stop = startIdlePrefetch(router);
    await vi.advanceTimersByTimeAsync(2000);
    expect(await warmed(pages)).toEqual(['members', 'chats', 'likes', 'members-id']);
    router.go('/chats');
    router.go('/members/3');
    await vi.advanceTimersByTimeAsync(10_000);
    for (const name of ['members', 'chats', 'likes', 'members-id']) {
      expect(pages.spies[name]).toHaveBeenCalledTimes(1);
    }
  });

  it('warms the members area too once a visitor logs in, without warming members twice', async () => {
    pages = spyOnPages();
    stop = startIdlePrefetch(fakeRouter('/'));
    await vi.advanceTimersByTimeAsync(2000);
    useSession.setState({ user: userFixture() });
    await vi.advanceTimersByTimeAsync(2000);
    expect(await warmed(pages)).toEqual(['signup', 'login', 'members', 'chats', 'likes', 'members-id']);
    expect(pages.spies.members).toHaveBeenCalledTimes(1);
  });

  it('waits until the first screen is on (the app is idle), then 2000 ms', async () => {
    pages = spyOnPages();
    const router = fakeRouter('/', { loading: true });
    stop = startIdlePrefetch(router);
    await vi.advanceTimersByTimeAsync(5000);
    expect(pages.called()).toEqual([]);
    router.go('/');
    await vi.advanceTimersByTimeAsync(1999);
    expect(pages.called()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(await warmed(pages)).toEqual(['signup', 'login', 'members']);
  });

  it('waits for the page to have loaded', async () => {
    pages = spyOnPages();
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    stop = startIdlePrefetch(fakeRouter('/'));
    await vi.advanceTimersByTimeAsync(5000);
    expect(pages.called()).toEqual([]);
    readyState.mockReturnValue('complete');
    window.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(1999);
    expect(pages.called()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(await warmed(pages)).toEqual(['signup', 'login', 'members']);
  });

  it('warms nothing for a visitor elsewhere', async () => {
    pages = spyOnPages();
    stop = startIdlePrefetch(fakeRouter('/pages/faq'));
    await vi.advanceTimersByTimeAsync(5000);
    expect(pages.called()).toEqual([]);
  });

  it.each([
    { saveData: true, effectiveType: '4g' },
    { saveData: false, effectiveType: '2g' },
    { effectiveType: 'slow-2g' },
  ])('is skipped entirely on %o', async (connection) => {
    pages = spyOnPages();
    setConnection(connection);
    useSession.setState({ user: userFixture() });
    stop = startIdlePrefetch(fakeRouter('/members'));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(pages.called()).toEqual([]);
  });

  it('runs on 3g and where the browser does not tell (no navigator.connection)', async () => {
    pages = spyOnPages();
    setConnection(undefined);
    stop = startIdlePrefetch(fakeRouter('/'));
    await vi.advanceTimersByTimeAsync(2000);
    expect(await warmed(pages)).toEqual(['signup', 'login', 'members']);
  });

  it('ignores a failed prefetch: no reload, no error', async () => {
    installPreloadErrorReload();
    const failure = new TypeError('Failed to fetch dynamically imported module: /assets/SignupPage-x.js');
    // What Vite's preload helper does when the chunk fails: the event, then the rejection.
    pages = spyOnPages(() => {
      const event = Object.assign(new Event('vite:preloadError', { cancelable: true }), { payload: failure });
      window.dispatchEvent(event);
      return Promise.reject(failure);
    });
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      stop = startIdlePrefetch(fakeRouter('/'));
      await vi.advanceTimersByTimeAsync(2000);
      await vi.runAllTimersAsync();
      expect(await warmed(pages)).toEqual(['signup', 'login', 'members']);
      expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBeNull(); // no reload was attempted
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});

describe('the screen being opened', () => {
  it('is fetched while the app boots, whether its path has parameters or not', () => {
    const pages = spyOnPages();
    try {
      warmCurrentRoute('/members');
      expect(pages.called()).toEqual(['members']);
      warmCurrentRoute('/members/12');
      expect(pages.called()).toEqual(['members', 'members-id']);
      warmCurrentRoute('/no/such/screen');
      expect(pages.called()).toEqual(['members', 'members-id']);
    } finally {
      pages.restore();
    }
  });
});
