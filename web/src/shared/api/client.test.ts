import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_RETRIES, answer, api, retries, retryDelay } from './client';
import { ApiError } from './errors';
import { setSessionEndHandler } from './sessionEnd';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

// What the client reports when the server ends the session (the app's answer to it is
// app/sessionEnd.test.ts's).
const sessionEnded = vi.fn();

let fetchMock: ReturnType<typeof vi.fn<(request: Request) => Promise<Response>>>;
const sent = (call = 0) => fetchMock.mock.calls[call]![0];

beforeEach(() => {
  vi.useFakeTimers();
  fetchMock = vi.fn<(request: Request) => Promise<Response>>();
  vi.stubGlobal('fetch', fetchMock);
  sessionEnded.mockClear();
  setSessionEndHandler(sessionEnded);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
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

const errorOf = (outcome: object) => (outcome as { error: ApiError }).error;

describe('the API client', () => {
  it('reads the JSON data body', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { chats: [] }));
    await expect(answer(api.GET('/api/chats'))).resolves.toEqual({ chats: [] });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(sent().headers.get('Accept')).toBe('application/json');
    expect(sent().credentials).toBe('same-origin');
  });

  it('resolves undefined for 204', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(answer(api.POST('/api/page-hidden'))).resolves.toBeUndefined();
  });

  it('sends JSON bodies, path parameters and the query', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await answer(api.POST('/api/user', { params: { query: { push: '1' } }, body: { subscription: null, endpoint: 'https://push.test/1' } }));
    const request = sent();
    expect(new URL(request.url).pathname + new URL(request.url).search).toBe('/api/user?push=1');
    expect(request.method).toBe('POST');
    expect(request.headers.get('Content-Type')).toBe('application/json');
    expect(await request.text()).toBe('{"subscription":null,"endpoint":"https://push.test/1"}');

    fetchMock.mockResolvedValueOnce(json(200, { profile: {} }));
    await answer(api.GET('/api/members/{member_id}', { params: { path: { member_id: 12 }, query: { network: undefined } } }));
    expect(new URL(sent(1).url).pathname + new URL(sent(1).url).search).toBe('/api/members/12');
  });

  it('retries network errors with exponential delays, then succeeds', async () => {
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(json(200, { ok: true }));
    const promise = answer(api.GET('/api/settings'));

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

  it('sends the same body again on a retry', async () => {
    fetchMock.mockResolvedValueOnce(json(502, undefined)).mockResolvedValueOnce(json(201, { message: {} }));
    const body = { text: 'Hi', key: 'k-1' };
    await settle(answer(api.POST('/api/members/{member_id}/messages', { params: { path: { member_id: 3 } }, body })));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(await sent(0).text()).toBe(JSON.stringify(body));
    expect(await sent(1).text()).toBe(JSON.stringify(body));
    expect(sent(1).method).toBe('POST');
  });

  it('gives up after 5 retries on server errors', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(json(503, { error: 'internal_error', params: {} })));
    const outcome = await settle(answer(api.GET('/api/chats')));
    expect(fetchMock).toHaveBeenCalledTimes(1 + MAX_RETRIES);
    expect(outcome).toEqual({ error: expect.any(ApiError) });
    expect(errorOf(outcome)).toMatchObject({ status: 503, code: 'internal_error' });
  });

  it('retries an outage (503 service_unavailable) after its Retry-After, at most 5 times', async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(json(503, { error: 'service_unavailable', params: {} }, { 'Retry-After': '10' })),
    );
    const outcome = answer(api.GET('/api/chats')).then(
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
    expect(errorOf(await outcome)).toMatchObject({ status: 503, code: 'service_unavailable' });
  });

  it('gives up after 5 retries on network errors with a network_error', async () => {
    fetchMock.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    const outcome = await settle(answer(api.GET('/api/chats')));
    expect(fetchMock).toHaveBeenCalledTimes(6);
    expect(errorOf(outcome)).toMatchObject({ status: 0, code: 'network_error' });
  });

  it('retries 429 and honours Retry-After', async () => {
    fetchMock
      .mockResolvedValueOnce(json(429, { error: 'too_many_requests', params: {} }, { 'Retry-After': '3' }))
      .mockResolvedValueOnce(json(200, { ok: 1 }));
    const promise = answer(api.GET('/api/likes'));
    await vi.advanceTimersByTimeAsync(2999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(promise).resolves.toEqual({ ok: 1 });
  });

  it.each([400, 401, 404, 409, 422])('does not retry a %i', async (status) => {
    fetchMock.mockResolvedValue(json(status, { error: 'bad_request', params: { field: 'email' } }));
    const outcome = await settle(answer(api.POST('/api/password-reset', { body: { email: 'a@b.test' } })));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(errorOf(outcome)).toMatchObject({ status, code: 'bad_request', params: { field: 'email' } });
  });

  it('names a 404 without a body not_found, other bodiless errors generic', async () => {
    fetchMock.mockResolvedValueOnce(new Response('Not Found', { status: 404 }));
    expect(errorOf(await settle(answer(api.GET('/api/chats'))))).toMatchObject({ status: 404, code: 'not_found' });
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 400 }));
    expect(errorOf(await settle(answer(api.GET('/api/chats'))))).toMatchObject({ status: 400, code: 'generic' });
  });

  it.each([
    [0, 1],
    [1, 2],
    [2, 3],
  ])('retries a call that asks for %i retries %i times in all', async (limit, calls) => {
    fetchMock.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    const outcome = await settle(answer(api.GET('/api/chats', retries(limit))));
    expect(fetchMock).toHaveBeenCalledTimes(calls);
    expect(errorOf(outcome)).toMatchObject({ status: 0, code: 'network_error' });
  });

  it('stops retrying when the call is aborted, with the abort reason', async () => {
    fetchMock.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    const controller = new AbortController();
    const outcome = answer(api.GET('/api/chats', { signal: controller.signal })).then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    await vi.advanceTimersByTimeAsync(100);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    controller.abort();
    await vi.runAllTimersAsync();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect((await outcome as { error: DOMException }).error.name).toBe('AbortError');
  });

  it('reports the ended session and resolves false on 403 authentication_required', async () => {
    fetchMock.mockResolvedValueOnce(json(403, { error: 'authentication_required', params: {} }));
    await expect(answer(api.GET('/api/chats'))).resolves.toBe(false);
    expect(sessionEnded).toHaveBeenCalledExactlyOnceWith('signed_out');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('rejects with the ApiError a call read without answer() gets when the session ended', async () => {
    fetchMock.mockResolvedValueOnce(json(403, { error: 'authentication_required', params: {} }));
    await expect(api.GET('/api/chats')).rejects.toMatchObject({ status: 403, code: 'authentication_required' });
    expect(sessionEnded).toHaveBeenCalledExactlyOnceWith('signed_out');
  });

  it('does not end the session on 403 authentication_required from the user call', async () => {
    fetchMock.mockResolvedValueOnce(json(403, { error: 'authentication_required', params: {} }));
    const outcome = await settle(answer(api.GET('/api/user')));
    expect(errorOf(outcome)).toMatchObject({ status: 403, code: 'authentication_required' });
    expect(sessionEnded).not.toHaveBeenCalled();
  });

  it('reports a ban, even from the user call', async () => {
    fetchMock.mockResolvedValueOnce(json(403, { error: 'account_banned', params: {} }));
    const outcome = await settle(answer(api.GET('/api/user')));
    expect(errorOf(outcome)).toMatchObject({ status: 403, code: 'account_banned' });
    expect(sessionEnded).toHaveBeenCalledExactlyOnceWith('banned');
  });

  it('does not end the session on other 403 errors', async () => {
    fetchMock.mockResolvedValueOnce(json(403, { error: 'forbidden', params: {} }));
    const outcome = await settle(answer(api.GET('/api/chats')));
    expect(errorOf(outcome)).toMatchObject({ status: 403, code: 'forbidden' });
    expect(sessionEnded).not.toHaveBeenCalled();
  });
});

describe('retryDelay', () => {
  it('doubles the delay per attempt', () => {
    expect([0, 1, 2, 3, 4].map((attempt) => retryDelay(attempt))).toEqual([500, 1000, 2000, 4000, 8000]);
  });

  it('follows Retry-After up to 10 s', () => {
    expect(retryDelay(0, 3)).toBe(3000);
    expect(retryDelay(4, 60)).toBe(10_000);
  });
});
