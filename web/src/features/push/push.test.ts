import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAppNavigator } from '../../shared/routing/navigate';
import { settingsFixture, userFixture } from '../../test/fixtures';
import { seedStores } from '../../test/render';
import { eventually, flush } from '../../test/time';
import { useSession } from '../../shared/session';
import { BUILD_VERSION } from '../../shared/push/buildVersion';
import { type FakePushBrowser, TEST_PUSH_KEY, TEST_PUSH_KEY_BYTES, installFakePush } from '../../test/fakePush';
import {
  browserCanPush,
  inAppPath,
  isPushSubscribed,
  registerServiceWorker,
  resetPushForTests,
  serviceWorkerUrl,
  startPush,
  urlBase64ToUint8Array,
  usePush,
} from '../../shared/push/pushStore';
import { stubFetch } from '../../test/fetchStub';

let fetchMock: ReturnType<typeof vi.fn>;
let pushAnswer: () => Response;
let browser: FakePushBrowser | null = null;

const pushPosts = () =>
  fetchMock.mock.calls
    .filter(([url, init]) => String(url) === '/api/user?push=1' && (init as RequestInit).method === 'POST')
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as unknown);

beforeEach(() => {
  resetPushForTests();
  seedStores({ settings: settingsFixture({ push_public_key: TEST_PUSH_KEY }) });
  useSession.setState({ user: userFixture() });
  pushAnswer = () => new Response(null, { status: 204 });
  fetchMock = vi.fn((url: string) =>
    Promise.resolve(
      String(url).startsWith('/api/user?push=1')
        ? pushAnswer()
        : new Response(JSON.stringify({ error: 'not_found' }), { status: 404 }),
    ),
  );
  stubFetch(fetchMock);
});
afterEach(() => {
  browser?.uninstall();
  browser = null;
  vi.unstubAllGlobals();
  useSession.setState({ user: null });
});

function withPush(permission: NotificationPermission = 'default') {
  browser = installFakePush({ permission });
  return browser;
}

describe('the push key', () => {
  it('turns the base64url VAPID key into its bytes', () => {
    expect([...urlBase64ToUint8Array(TEST_PUSH_KEY)]).toEqual(TEST_PUSH_KEY_BYTES);
    expect([...urlBase64ToUint8Array('_-8')]).toEqual([255, 239]);
  });
});

describe('push state', () => {
  it('is unknown before the first check', () => {
    expect(usePush.getState().state).toBe('unknown');
    expect(isPushSubscribed()).toBe(false);
  });

  it('is unsupported where the browser cannot push', async () => {
    expect(browserCanPush()).toBe(false);
    expect(await usePush.getState().check()).toBe('unsupported');
    expect(await usePush.getState().subscribe()).toBe('unsupported');
  });

  it('is unsupported on a site without a push key, even in a capable browser', async () => {
    const { serviceWorker } = withPush();
    seedStores({ settings: settingsFixture({ push_public_key: '' }) });
    expect(browserCanPush()).toBe(true);
    expect(await usePush.getState().check()).toBe('unsupported');
    expect(serviceWorker.register).not.toHaveBeenCalled();
  });

  it('is unsubscribed, subscribed or denied as the browser has it', async () => {
    const fake = withPush();
    expect(await usePush.getState().check()).toBe('unsubscribed');

    fake.notification.permission = 'granted';
    await fake.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: urlBase64ToUint8Array(TEST_PUSH_KEY) });
    expect(await usePush.getState().check()).toBe('subscribed');
    expect(isPushSubscribed()).toBe(true);

    fake.notification.permission = 'denied';
    expect(await usePush.getState().check()).toBe('denied');
  });

  it('registers the service worker once, with the build version', async () => {
    const { serviceWorker } = withPush();
    await Promise.all([registerServiceWorker(), registerServiceWorker(), usePush.getState().check()]);
    expect(serviceWorker.register).toHaveBeenCalledTimes(1);
    expect(serviceWorker.register).toHaveBeenCalledWith(`/sw.js?v=${encodeURIComponent(BUILD_VERSION)}`);
    expect(BUILD_VERSION).toMatch(/^\d+\.\d+\.\d+-\w+$/);
    expect(serviceWorkerUrl('1.2.3-abc')).toBe('/sw.js?v=1.2.3-abc');
  });
});

describe('subscribing', () => {
  it('asks permission, subscribes with the site key and stores the subscription', async () => {
    const fake = withPush();
    expect(await usePush.getState().subscribe()).toBe('subscribed');

    expect(fake.notification.requestPermission).toHaveBeenCalledTimes(1);
    expect(fake.pushManager.subscribe).toHaveBeenCalledTimes(1);
    const options = fake.pushManager.subscribe.mock.calls[0]![0];
    expect(options.userVisibleOnly).toBe(true);
    expect([...options.applicationServerKey]).toEqual(TEST_PUSH_KEY_BYTES);
    expect(pushPosts()).toEqual([
      { subscription: { endpoint: 'https://push.example.test/send/1', expirationTime: null, keys: { p256dh: 'BKey', auth: 'secret' } } },
    ]);
    expect(usePush.getState()).toMatchObject({ state: 'subscribed', busy: false });
  });

  it('stops at a refusal: denied, or still unsubscribed when the prompt was closed', async () => {
    const fake = withPush();
    fake.notification.answer = 'denied';
    expect(await usePush.getState().subscribe()).toBe('denied');
    fake.notification.permission = 'default';
    fake.notification.answer = 'default';
    expect(await usePush.getState().subscribe()).toBe('unsubscribed');
    expect(fake.pushManager.subscribe).not.toHaveBeenCalled();
    expect(pushPosts()).toEqual([]);
  });

  it('undoes the subscription when the server could not store it', async () => {
    const fake = withPush();
    pushAnswer = () => new Response(JSON.stringify({ error: 'invalid_request', params: {} }), { status: 400 });
    await expect(usePush.getState().subscribe()).rejects.toMatchObject({ code: 'invalid_request' });
    expect(fake.pushManager.current).toBeNull();
    expect(usePush.getState()).toMatchObject({ state: 'unsubscribed', busy: false });
  });

  it('replaces a subscription made with another key', async () => {
    const fake = withPush('granted');
    const old = await fake.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: new Uint8Array([1, 2, 3]) });
    await usePush.getState().subscribe();
    expect(old.unsubscribe).toHaveBeenCalled();
    expect(fake.pushManager.current?.endpoint).toBe('https://push.example.test/send/2');
  });

  it('unsubscribes in the browser and has the server forget the endpoint', async () => {
    const fake = withPush();
    await usePush.getState().subscribe();
    const subscription = fake.pushManager.current!;
    expect(await usePush.getState().unsubscribe()).toBe('unsubscribed');
    expect(subscription.unsubscribe).toHaveBeenCalled();
    expect(pushPosts().at(-1)).toEqual({ subscription: null, endpoint: 'https://push.example.test/send/1' });
    expect(isPushSubscribed()).toBe(false);
  });
});

describe('start-up', () => {
  it('does nothing where the browser cannot push', () => {
    const onPush = vi.fn();
    const stop = startPush({ onPush });
    expect(fetchMock).not.toHaveBeenCalled();
    stop();
  });

  it('sends the subscription again for each member who logs in', async () => {
    const fake = withPush('granted');
    await fake.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: urlBase64ToUint8Array(TEST_PUSH_KEY) });
    useSession.setState({ user: null });
    const stop = startPush({ onPush: vi.fn() });
    expect(fake.serviceWorker.register).toHaveBeenCalledTimes(1);
    await flush();
    expect(pushPosts()).toEqual([]); // a visitor: nobody to bind it to

    useSession.setState({ user: userFixture({ id: 7 }) });
    await eventually(() => expect(pushPosts()).toHaveLength(1));
    expect(usePush.getState().state).toBe('subscribed');
    // The same member again (a credits update): nothing to send.
    useSession.setState({ user: userFixture({ id: 7, credits: 5 }) });
    useSession.setState({ user: null });
    useSession.setState({ user: userFixture({ id: 8 }) });
    await eventually(() => expect(pushPosts()).toHaveLength(2));
    expect(pushPosts()[1]).toMatchObject({ subscription: { endpoint: 'https://push.example.test/send/1' } });
    stop();
  });

  it('sends nothing on login when this browser is not subscribed', async () => {
    withPush();
    const stop = startPush({ onPush: vi.fn() });
    await eventually(() => expect(usePush.getState().state).toBe('unsubscribed'));
    expect(pushPosts()).toEqual([]);
    stop();
  });

  it('hands pushes to the page and follows a clicked notification', () => {
    const fake = withPush();
    const onPush = vi.fn();
    const navigate = vi.fn();
    setAppNavigator({ navigate });
    const stop = startPush({ onPush });
    fake.post({ type: 'push', kind: 'message' });
    expect(onPush).toHaveBeenCalledWith('message');
    fake.post({ type: 'navigate', url: `${location.origin}/chats/12?x=1` });
    expect(navigate).toHaveBeenCalledWith('/chats/12?x=1', {});
    fake.post({ type: 'navigate', url: 'https://evil.test/phish' });
    fake.post({ type: 'something else' });
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(onPush).toHaveBeenCalledTimes(1);

    stop();
    fake.post({ type: 'push', kind: 'like' });
    expect(onPush).toHaveBeenCalledTimes(1);
    setAppNavigator(null);
  });

  it('forgets the subscription on the server before a logout, keeping it in the browser', async () => {
    const fake = withPush();
    await usePush.getState().subscribe();
    await usePush.getState().detach();
    expect(pushPosts().at(-1)).toEqual({ subscription: null, endpoint: 'https://push.example.test/send/1' });
    expect(fake.pushManager.current).not.toBeNull();
  });

  it('accepts only paths on this site from the worker', () => {
    expect(inAppPath('/likes')).toBe('/likes');
    expect(inAppPath(`${location.origin}/members/3#top`)).toBe('/members/3#top');
    expect(inAppPath('https://evil.test/')).toBeNull();
    expect(inAppPath('//evil.test/x')).toBeNull();
  });
});
