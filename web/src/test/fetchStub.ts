/**
 * A test's fake server in place of fetch. The API client (openapi-fetch) sends a Request;
 * the fake server sees each call as (path with query, init): method, headers, signal and
 * the body as text, so a test reads what was sent as it reads `fetch(url, init)` calls.
 */
import { vi } from 'vitest';

export type FakeServer = (url: string, init: RequestInit) => Promise<Response> | Response;

/** Puts `server` (a function, or a vi.fn() answering like one) in place of fetch. */
export function stubFetch(fake: FakeServer): void;
export function stubFetch(fake: ReturnType<typeof vi.fn>): void;
export function stubFetch(fake: FakeServer | ReturnType<typeof vi.fn>): void {
  const server = fake as FakeServer;
  vi.stubGlobal('fetch', (input: Request | string, init: RequestInit = {}) => {
    if (!(input instanceof Request)) return server(input, init);
    const { pathname, search } = new URL(input.url);
    const sent: RequestInit = {
      method: input.method,
      headers: input.headers,
      signal: input.signal,
      keepalive: input.keepalive,
      credentials: input.credentials,
    };
    // A call without a body reaches the server at once, as a plain fetch would.
    if (input.body === null) return server(`${pathname}${search}`, sent);
    return input.text().then((body) => server(`${pathname}${search}`, { ...sent, body }));
  });
}
