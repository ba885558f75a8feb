import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.useRealTimers();
  vi.resetModules();
});

describe('the first screen', () => {
  it('is announced one frame after the shell rendered it, not before', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    const { firstScreen, firstScreenRendered } = await import('../shared/firstScreen');
    const seen = vi.fn();
    void firstScreen.then(seen);
    await Promise.resolve();
    expect(seen).not.toHaveBeenCalled();
    firstScreenRendered();
    await Promise.resolve();
    expect(seen).not.toHaveBeenCalled(); // not before the browser painted it
    vi.advanceTimersToNextFrame();
    await vi.runAllTimersAsync();
    expect(seen).toHaveBeenCalledOnce();
  });

  it("holds a member's plugins (live connection, refreshes) until then", async () => {
    const { useSession } = await import('../shared/session/sessionStore');
    const { userFixture } = await import('../test/fixtures');
    const imported = vi.fn();
    // The push worker's start follows the first screen too: a stand-in, so its real module
    // graph does not load after this test's environment is gone.
    const startPush = vi.fn();
    vi.doMock('../shared/push/pushStore', () => ({ startPush }));
    vi.doMock('./memberPlugins', () => {
      imported();
      return { startMemberPlugins: vi.fn(), reloadNews: vi.fn() };
    });
    useSession.setState({ user: userFixture({ id: 3 }), loaded: true });
    await import('./plugins');
    const { firstScreenRendered } = await import('../shared/firstScreen');
    await vi.dynamicImportSettled();
    expect(imported).not.toHaveBeenCalled();
    firstScreenRendered();
    await vi.waitFor(() => expect(imported).toHaveBeenCalledOnce());
    await vi.waitFor(() => expect(startPush).toHaveBeenCalledOnce());
    useSession.setState({ user: null, loaded: true });
  });
});
