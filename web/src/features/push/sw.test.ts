/** The service worker (web/public/sw.js), run against a fake worker scope. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import SOURCE from '../../../public/sw.js?raw';

const ORIGIN = 'https://amora.test';

interface FakeClient {
  url: string;
  focused: boolean;
  visibilityState: 'visible' | 'hidden';
  focus: ReturnType<typeof vi.fn>;
  postMessage: ReturnType<typeof vi.fn>;
}

function client(url: string, overrides: Partial<FakeClient> = {}): FakeClient {
  const made: FakeClient = {
    url,
    focused: false,
    visibilityState: 'hidden',
    focus: vi.fn(async () => made),
    postMessage: vi.fn(),
    ...overrides,
  };
  return made;
}

/** Loads sw.js into a fresh fake scope; `fire` dispatches an event and waits for its work. */
function loadWorker(windows: FakeClient[] = []) {
  const listeners = new Map<string, (event: unknown) => void>();
  const scope = {
    location: new URL(`${ORIGIN}/sw.js?v=1`),
    navigator: { setAppBadge: vi.fn(async () => undefined) },
    registration: { showNotification: vi.fn(async () => undefined), pushManager: { subscribe: vi.fn() } },
    clients: {
      matchAll: vi.fn(async () => windows),
      openWindow: vi.fn(async () => null),
      claim: vi.fn(async () => undefined),
    },
    skipWaiting: vi.fn(),
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
  };
  const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
  new Function('self', 'fetch', SOURCE)(scope, fetchMock);

  async function fire(type: string, event: Record<string, unknown> = {}) {
    const work: Promise<unknown>[] = [];
    listeners.get(type)!({ ...event, waitUntil: (promise: Promise<unknown>) => work.push(promise) });
    await Promise.all(work);
    return work.length;
  }
  return { scope, fire, fetchMock };
}

const pushEvent = (data: unknown) => ({ data: { json: () => data, text: () => JSON.stringify(data) } });

describe('the service worker', () => {
  let page: FakeClient;
  beforeEach(() => {
    page = client(`${ORIGIN}/members`);
  });

  it('takes over at once when installed and activated', async () => {
    const { scope, fire } = loadWorker();
    await fire('install');
    expect(scope.skipWaiting).toHaveBeenCalled();
    expect(await fire('activate')).toBe(1);
    expect(scope.clients.claim).toHaveBeenCalled();
  });

  it('shows a push, sets the app badge and tells the open pages', async () => {
    const other = client('https://elsewhere.test/');
    const { scope, fire } = loadWorker([page, other]);
    await fire('push', pushEvent({ title: 'Lotte', body: 'Hi there!', url: '/chats/12', tag: 'conversation-12', kind: 'message', badge: 3 }));

    expect(scope.registration.showNotification).toHaveBeenCalledWith('Lotte', {
      body: 'Hi there!',
      tag: 'conversation-12',
      icon: '/favicon.svg',
      badge: '/favicon.svg',
      data: { url: '/chats/12' },
      renotify: true,
    });
    expect(scope.navigator.setAppBadge).toHaveBeenCalledWith(3);
    expect(page.postMessage).toHaveBeenCalledWith({ type: 'push', kind: 'message' });
    expect(other.postMessage).not.toHaveBeenCalled();
  });

  it('uses the push icon and skips the badge when none is given', async () => {
    const { scope, fire } = loadWorker();
    await fire('push', pushEvent({ title: 'New like', body: '', url: '/likes', tag: 'like', kind: 'like', icon: '/media/p/5.jpg' }));
    expect(scope.registration.showNotification).toHaveBeenCalledWith('New like', expect.objectContaining({ icon: '/media/p/5.jpg' }));
    expect(scope.navigator.setAppBadge).not.toHaveBeenCalled();
  });

  it('still shows something for a push without JSON', async () => {
    const { scope, fire } = loadWorker();
    await fire('push', { data: { json: () => JSON.parse('nope'), text: () => 'nope' } });
    expect(scope.registration.showNotification).toHaveBeenCalledWith('amora.test', expect.objectContaining({ body: 'nope', data: { url: '/' } }));
  });

  it('on a click focuses an open page and has it navigate there', async () => {
    const visible = client(`${ORIGIN}/chats`, { visibilityState: 'visible' });
    const { scope, fire } = loadWorker([page, visible]);
    const notification = { close: vi.fn(), data: { url: '/chats/12' } };
    await fire('notificationclick', { notification });
    expect(notification.close).toHaveBeenCalled();
    expect(visible.focus).toHaveBeenCalled();
    expect(visible.postMessage).toHaveBeenCalledWith({ type: 'navigate', url: `${ORIGIN}/chats/12` });
    expect(scope.clients.openWindow).not.toHaveBeenCalled();
  });

  it('on a click opens a window when no page is open, never another site', async () => {
    const { scope, fire } = loadWorker();
    await fire('notificationclick', { notification: { close: vi.fn(), data: { url: '/likes' } } });
    expect(scope.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/likes`);
    await fire('notificationclick', { notification: { close: vi.fn(), data: { url: 'https://evil.test/x' } } });
    expect(scope.clients.openWindow).toHaveBeenLastCalledWith(`${ORIGIN}/`);
  });

  it('stores a renewed subscription', async () => {
    const { fire, fetchMock } = loadWorker();
    const renewed = { toJSON: () => ({ endpoint: 'https://push.example.test/2', keys: { p256dh: 'k', auth: 'a' } }) };
    await fire('pushsubscriptionchange', { newSubscription: renewed });
    expect(fetchMock).toHaveBeenCalledWith('/api/user?push=1', expect.objectContaining({ method: 'POST' }));
    const init = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init[1].body))).toEqual({ subscription: renewed.toJSON() });
  });
});
