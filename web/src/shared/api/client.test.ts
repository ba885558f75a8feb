import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userFixture } from '../../test/fixtures';
import { useSession } from '../../features/session/sessionStore';
import { MAX_RETRIES, apiRequest, buildUrl, retryDelay } from './client';
import { ApiError } from './errors';
import { setAppNavigator } from '../routing/navigate';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

const user = userFixture();

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  vi.useFakeTimers();
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  useSession.setState({ user: null });
});

/** Runs the call while advancing the fake clock through every retry delay. */
async function settle<T>(promise: Promise<T>) {
  const outcome = promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  await vi.runAllTimersAsync();
  return outcome;
}

describe('apiRequest', () => {
  it('reads the JSON data body', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { name: 'Amora' }));
    await expect(apiRequest('/api/settings')).resolves.toEqual({ name: 'Amora' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('resolves undefined for 204', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(apiRequest('/api/page-hidden', { method: 'POST', body: {} })).resolves.toBeUndefined();
  });

  it('sends JSON bodies and the query', async () => {
    fetchMock.mockResolvedValueOnce(json(200, {}));
    await apiRequest('/api/user', { method: 'PUT', body: { language: 'nl' }, query: { a: 1, b: undefined } });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/user?a=1');
    expect(init.method).toBe('PUT');
    expect(init.body).toBe('{"language":"nl"}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('retries network errors with exponential delays, then succeeds', async () => {
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(json(200, { ok: true }));
    const promise = apiRequest('/api/settings');

    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(499);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await expect(promise).resolves.toEqual({ ok: true });
  });

  it('gives up after 5 retries on server errors', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(json(503, { error: 'internal_error', params: {} })));
    const outcome = await settle(apiRequest('/api/chats'));
    expect(fetchMock).toHaveBeenCalledTimes(1 + MAX_RETRIES);
    expect(outcome).toEqual({ error: expect.any(ApiError) });
    expect((outcome as { error: ApiError }).error).toMatchObject({ status: 503, code: 'internal_error' });
  });

  it('retries an outage (503 service_unavailable) after its Retry-After, at most 5 times', async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(json(503, { error: 'service_unavailable', params: {} }, { 'Retry-After': '10' })),
    );
    const promise = apiRequest('/api/chats');
    const outcome = promise.then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(fetchMock).toHaveBeenCalledTimes(1); // not before the 10 s the server asked for
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.runAllTimersAsync();
    expect(fetchMock).toHaveBeenCalledTimes(1 + MAX_RETRIES);
    expect((await outcome as { error: ApiError }).error).toMatchObject({
      status: 503,
      code: 'service_unavailable',
    });
  });

  it('gives up after 5 retries on network errors with a network_error', async () => {
    fetchMock.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    const outcome = await settle(apiRequest('/api/chats'));
    expect(fetchMock).toHaveBeenCalledTimes(6);
    expect((outcome as { error: ApiError }).error).toMatchObject({ status: 0, code: 'network_error' });
  });

  it('retries 429 and honours Retry-After', async () => {
    fetchMock
      .mockResolvedValueOnce(json(429, { error: 'too_many_requests', params: {} }, { 'Retry-After': '3' }))
      .mockResolvedValueOnce(json(200, { ok: 1 }));
    const promise = apiRequest('/api/likes');
    await vi.advanceTimersByTimeAsync(2999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(promise).resolves.toEqual({ ok: 1 });
  });

  it.each([400, 401, 404, 409, 422])('does not retry a %i', async (status) => {
    fetchMock.mockResolvedValue(json(status, { error: 'bad_request', params: { field: 'email' } }));
    const outcome = await settle(apiRequest('/api/signup', { method: 'POST', body: {} }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect((outcome as { error: ApiError }).error).toMatchObject({ status, code: 'bad_request', params: { field: 'email' } });
  });

  it('logs out and resolves false on 403 authentication_required', async () => {
    useSession.setState({ user });
    fetchMock.mockResolvedValueOnce(json(403, { error: 'authentication_required', params: {} }));
    await expect(apiRequest('/api/chats')).resolves.toBe(false);
    expect(useSession.getState().user).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('does not log out on 403 authentication_required from the user call', async () => {
    useSession.setState({ user });
    fetchMock.mockResolvedValueOnce(json(403, { error: 'authentication_required', params: {} }));
    const outcome = await settle(apiRequest('/api/user'));
    expect((outcome as { error: ApiError }).error).toMatchObject({ status: 403, code: 'authentication_required' });
    expect(useSession.getState().user).toBe(user);
  });

  it('forgets a banned member and shows the ban page, even from the user call', async () => {
    const navigate = vi.fn();
    setAppNavigator({ navigate });
    useSession.setState({ user });
    fetchMock.mockResolvedValueOnce(json(403, { error: 'account_banned', params: {} }));
    const outcome = await settle(apiRequest('/api/user'));
    expect((outcome as { error: ApiError }).error).toMatchObject({ status: 403, code: 'account_banned' });
    expect(useSession.getState().user).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/pages/ban', { replace: true });
    setAppNavigator(null);
  });

  it('does not log out on other 403 errors', async () => {
    useSession.setState({ user });
    fetchMock.mockResolvedValueOnce(json(403, { error: 'forbidden', params: {} }));
    const outcome = await settle(apiRequest('/api/chats'));
    expect((outcome as { error: ApiError }).error).toMatchObject({ status: 403, code: 'forbidden' });
    expect(useSession.getState().user).toBe(user);
  });

  it('reports download progress', async () => {
    const size = JSON.stringify({ big: 'x'.repeat(100) }).length;
    fetchMock.mockResolvedValueOnce(json(200, { big: 'x'.repeat(100) }, { 'Content-Length': String(size) }));
    const onDownloadProgress = vi.fn();
    await expect(apiRequest('/api/members', { onDownloadProgress })).resolves.toEqual({ big: 'x'.repeat(100) });
    expect(onDownloadProgress).toHaveBeenLastCalledWith({ loaded: size, total: size });
  });
});

describe('helpers', () => {
  it('doubles the delay per attempt', () => {
    expect([0, 1, 2, 3, 4].map((attempt) => retryDelay(attempt))).toEqual([500, 1000, 2000, 4000, 8000]);
  });

  it('builds URLs from query objects and URLSearchParams', () => {
    expect(buildUrl('/api/settings', new URLSearchParams('a=1&b=2'))).toBe('/api/settings?a=1&b=2');
    expect(buildUrl('/api/x', { q: 'a b', none: null })).toBe('/api/x?q=a+b');
    expect(buildUrl('/api/x')).toBe('/api/x');
  });
});
