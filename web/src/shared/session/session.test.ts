import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userFixture } from '../../test/fixtures';
import { registerSessionReset, sessionHinted, useSession } from './sessionStore';
import { stubFetch } from '../../test/fetchStub';

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  stubFetch(fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ user: null, loaded: false });
});

describe('session', () => {
  it('asks once who is logged in, as the web client', async () => {
    const user = userFixture();
    fetchMock.mockResolvedValue(json(200, { user }));
    await expect(useSession.getState().load()).resolves.toEqual(user);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/user');
    expect(new Headers(init.headers).get('X-Client')).toBe('web');
    expect(useSession.getState()).toMatchObject({ user, loaded: true });
  });

  it('reads the session hint cookie', () => {
    expect(sessionHinted('')).toBe(false);
    expect(sessionHinted('i18n_redirected=nl; auth.present=1')).toBe(true);
    expect(sessionHinted('auth.present=; x=1')).toBe(false);
    expect(sessionHinted('xauth.present=1')).toBe(false);
  });

  it('at start-up asks nothing of a visitor without the hint cookie', async () => {
    await expect(useSession.getState().loadAtStart()).resolves.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(useSession.getState()).toMatchObject({ user: null, loaded: true });
  });

  it('at start-up asks the server when the hint cookie says a session may exist', async () => {
    document.cookie = 'auth.present=1; Path=/';
    try {
      const user = userFixture();
      fetchMock.mockResolvedValue(json(200, { user }));
      await expect(useSession.getState().loadAtStart()).resolves.toEqual(user);
      expect(fetchMock.mock.calls[0]![0]).toBe('/api/user');
    } finally {
      document.cookie = 'auth.present=; Max-Age=0; Path=/';
    }
  });

  it('treats a 403 as a visitor, without an error', async () => {
    fetchMock.mockResolvedValue(json(403, { error: 'authentication_required', params: {} }));
    document.cookie = 'auth.present=1; Path=/';
    await expect(useSession.getState().load()).resolves.toBeNull();
    expect(useSession.getState()).toMatchObject({ user: null, loaded: true });
    // The ended session's hint goes, so the next page asks nothing.
    expect(sessionHinted()).toBe(false);
  });

  it('logs out on the server and forgets the member and what the stores kept for them', async () => {
    fetchMock.mockResolvedValue(json(204, undefined));
    const reset = vi.fn();
    const unregister = registerSessionReset(reset);
    try {
      useSession.setState({ user: userFixture() });
      await useSession.getState().logout();
      expect(fetchMock).toHaveBeenCalledWith('/api/logout', expect.objectContaining({ method: 'POST' }));
      expect(useSession.getState().user).toBeNull();
      expect(reset).toHaveBeenCalledOnce();
    } finally {
      unregister();
    }
  });

  it('saves the language of a logged-in member, not of a visitor', async () => {
    await useSession.getState().saveLanguage('de');
    expect(fetchMock).not.toHaveBeenCalled();
    useSession.setState({ user: userFixture({ language: 'en' }) });
    fetchMock.mockResolvedValue(json(200, { user: userFixture({ language: 'de' }) }));
    await useSession.getState().saveLanguage('de');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/user');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(init.body)).toEqual({ language: 'de' });
    expect(useSession.getState().user?.language).toBe('de');
  });
});
