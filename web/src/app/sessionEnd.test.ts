// The app's answer to a session the server ends (sessionEnd.ts, installed by the test
// setup as by boot.ts): the API client reports it, the member is forgotten, a ban shows
// its page.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../shared/session/sessionStore';
import { answer, api } from '../shared/api/client';
import { setAppNavigator } from '../shared/routing/navigate';
import { userFixture } from '../test/fixtures';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const user = userFixture();
let fetchMock: ReturnType<typeof vi.fn<(request: Request) => Promise<Response>>>;

beforeEach(() => {
  vi.useFakeTimers();
  fetchMock = vi.fn<(request: Request) => Promise<Response>>();
  vi.stubGlobal('fetch', fetchMock);
  useSession.setState({ user });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setAppNavigator(null);
  useSession.setState({ user: null });
});

describe('a session the server ended', () => {
  it('logs the member out on 403 authentication_required', async () => {
    fetchMock.mockResolvedValueOnce(json(403, { error: 'authentication_required', params: {} }));
    await expect(answer(api.GET('/api/chats'))).resolves.toBe(false);
    expect(useSession.getState().user).toBeNull();
  });

  it('keeps the member on 403 authentication_required from the user call', async () => {
    fetchMock.mockResolvedValueOnce(json(403, { error: 'authentication_required', params: {} }));
    const outcome = answer(api.GET('/api/user')).catch((error: unknown) => error);
    await vi.runAllTimersAsync();
    expect(await outcome).toMatchObject({ status: 403, code: 'authentication_required' });
    expect(useSession.getState().user).toBe(user);
  });

  it('forgets a banned member and shows the ban page, even from the user call', async () => {
    const navigate = vi.fn();
    setAppNavigator({ navigate });
    fetchMock.mockResolvedValueOnce(json(403, { error: 'account_banned', params: {} }));
    const outcome = answer(api.GET('/api/user')).catch((error: unknown) => error);
    await vi.runAllTimersAsync();
    expect(await outcome).toMatchObject({ status: 403, code: 'account_banned' });
    expect(useSession.getState().user).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/pages/ban', { replace: true });
  });
});
