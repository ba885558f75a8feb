/**
 * The retry rule of the API client (spec section 7), as openapi-fetch middleware: a call
 * is re-sent up to 5 times with an exponential delay on network errors and on 5xx / 429
 * answers (after the server's Retry-After when it gives one); other answers are final.
 * A call may ask for fewer retries with `retries(n)`, e.g. a click that must answer at once.
 */
import type { Middleware } from 'openapi-fetch';
import { ApiError } from './errors';

export const MAX_RETRIES = 5;
export const RETRY_BASE_DELAY_MS = 500;
const RETRY_MAX_DELAY_MS = 10_000;

/** The delay before retry number `attempt` (0-based): 500 ms, 1 s, 2 s, 4 s, 8 s. */
export function retryDelay(attempt: number, retryAfterSeconds?: number | null): number {
  if (retryAfterSeconds != null && retryAfterSeconds >= 0) {
    return Math.min(retryAfterSeconds * 1000, RETRY_MAX_DELAY_MS);
  }
  return Math.min(RETRY_BASE_DELAY_MS * 2 ** attempt, RETRY_MAX_DELAY_MS);
}

export function isRetryableStatus(status: number): boolean {
  return status === 429 || status >= 500;
}

/** A call on its way: an unsent copy to send again, and how many retries it made. */
interface Call {
  unsent: Request;
  retried: number;
  limit: number;
}

// Keyed by the Request openapi-fetch hands to every middleware of one call.
const calls = new WeakMap<Request, Call>();
const limits = new WeakMap<Request, number>();

/** Per-call option: `api.POST(path, { body, ...retries(0) })` sends the call once. */
export function retries(limit: number): { middleware: Middleware[] } {
  return {
    middleware: [
      {
        onRequest({ request }) {
          limits.set(request, limit);
        },
      },
    ],
  };
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

type Outcome = { response: Response } | { error: unknown };

/** Re-sends the call while its outcome allows; answers the final response. */
async function settle(request: Request, send: (request: Request) => Promise<Response>, first: Outcome): Promise<Response> {
  const call = calls.get(request);
  if (!call) {
    if ('response' in first) return first.response;
    throw first.error;
  }
  call.limit = limits.get(request) ?? call.limit;
  let outcome = first;
  for (;;) {
    if ('response' in outcome) {
      const { response } = outcome;
      if (!isRetryableStatus(response.status) || call.retried >= call.limit) return response;
      const retryAfter = response.headers.get('Retry-After');
      await sleep(retryDelay(call.retried, retryAfter ? Number(retryAfter) : null), request.signal);
    } else {
      if (request.signal.aborted) throw outcome.error;
      if (call.retried >= call.limit) throw new ApiError(0, 'network_error');
      await sleep(retryDelay(call.retried), request.signal);
    }
    call.retried += 1;
    try {
      outcome = { response: await send(call.unsent.clone()) };
    } catch (error) {
      outcome = { error };
    }
  }
}

/**
 * The retry middleware. Register it last: openapi-fetch runs onResponse in reverse order,
 * so the other middleware sees the final answer only.
 */
export const retrying: Middleware = {
  onRequest({ request }) {
    // A body can be read once: keep an unsent copy for the retries.
    calls.set(request, { unsent: request.clone(), retried: 0, limit: MAX_RETRIES });
  },
  onResponse({ request, response, options }) {
    return settle(request, options.fetch, { response });
  },
  onError({ request, error, options }) {
    return settle(request, options.fetch, { error });
  },
};
