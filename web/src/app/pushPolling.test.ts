// The member's polling as app/memberPlugins.ts wires it: the chats and the likes reload
// every 60 s, every 300 s while push messages announce news (spec section 9).
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { syncInterval } from '../features/chat';
import { refreshInterval } from '../features/likes';
import { isPushSubscribed, resetPushForTests, usePush } from '../shared/push/pushStore';
import { useSession } from '../shared/session';
import { type FakePushBrowser, TEST_PUSH_KEY, installFakePush } from '../test/fakePush';
import { stubFetch } from '../test/fetchStub';
import { settingsFixture, userFixture } from '../test/fixtures';
import { seedStores } from '../test/render';

let browser: FakePushBrowser | null = null;

beforeEach(() => {
  resetPushForTests();
  seedStores({ settings: settingsFixture({ push_public_key: TEST_PUSH_KEY }) });
  useSession.setState({ user: userFixture() });
  stubFetch(vi.fn(() => Promise.resolve(new Response(null, { status: 204 }))));
});
afterEach(() => {
  browser?.uninstall();
  browser = null;
  vi.unstubAllGlobals();
  useSession.setState({ user: null });
});

it('slows the chats and likes polling to 300 s while subscribed', async () => {
  browser = installFakePush({ permission: 'default' });
  expect(syncInterval(isPushSubscribed())).toBe(60_000);
  expect(refreshInterval(isPushSubscribed())).toBe(60_000);
  await usePush.getState().subscribe();
  expect(isPushSubscribed()).toBe(true);
  expect(syncInterval(isPushSubscribed())).toBe(300_000);
  expect(refreshInterval(isPushSubscribed())).toBe(300_000);
});
