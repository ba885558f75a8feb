/**
 * The API client (spec section 7):
 * - requests retry up to 5 times with an exponential delay, on network errors and on
 *   5xx / 429 answers; other 4xx answers are final;
 * - a 403 `authentication_required` answer to any call but the user call logs the
 *   member out locally (sessionEnd.ts) and resolves `false`;
 * - answers are read as their JSON data body (`undefined` for 204);
 * - errors reject with an ApiError carrying the status, code and params.
 */
import { ApiError, isErrorBody } from './errors';
import { sessionEnded } from './sessionEnd';

export const MAX_RETRIES = 5;
export const RETRY_BASE_DELAY_MS = 500;
const RETRY_MAX_DELAY_MS = 10_000;

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface ProgressEvent {
  loaded: number;
  /** Total bytes, 0 when unknown. */
  total: number;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query | URLSearchParams;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** How often to retry a failed call; defaults to MAX_RETRIES. */
  retries?: number;
  onDownloadProgress?: (event: ProgressEvent) => void;
}

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

/** The "user call" (GET/PUT/POST /api/user) never triggers the automatic logout. */
export function isUserCall(path: string): boolean {
  return path.split('?')[0] === '/api/user';
}

export function buildUrl(path: string, query?: Query | URLSearchParams): string {
  if (!query) return path;
  const params = query instanceof URLSearchParams ? new URLSearchParams(query) : new URLSearchParams();
  if (!(query instanceof URLSearchParams)) {
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null) params.set(key, String(value));
    }
  }
  const search = params.toString();
  if (!search) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

async function readBody(response: Response, onProgress?: RequestOptions['onDownloadProgress']) {
  if (response.status === 204 || response.status === 205) return undefined;
  let text: string;
  if (onProgress && response.body) {
    const total = Number(response.headers.get('Content-Length')) || 0;
    const reader = response.body.getReader();
    const chunks: Uint8Array[] = [];
    let loaded = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      loaded += value.byteLength;
      onProgress({ loaded, total });
    }
    const all = new Uint8Array(loaded);
    let offset = 0;
    for (const chunk of chunks) {
      all.set(chunk, offset);
      offset += chunk.byteLength;
    }
    text = new TextDecoder().decode(all);
  } else {
    text = await response.text();
  }
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Performs one API call with the rules above. Resolves the data body, or `false` when
 * the session turned out to be gone (the store is cleared then).
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T | false> {
  const { method = 'GET', query, body, signal, onDownloadProgress } = options;
  const retries = options.retries ?? MAX_RETRIES;
  const url = buildUrl(path, query);
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const init: RequestInit = { method, headers, credentials: 'same-origin', signal };
  if (body !== undefined) {
    if (body instanceof FormData || body instanceof Blob) {
      init.body = body;
    } else {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
  }

  for (let attempt = 0; ; attempt++) {
    let response: Response;
    try {
      response = await fetch(url, init);
    } catch (error) {
      if (signal?.aborted) throw error;
      if (attempt >= retries) throw new ApiError(0, 'network_error');
      await sleep(retryDelay(attempt), signal);
      continue;
    }

    if (response.ok) return (await readBody(response, onDownloadProgress)) as T;

    if (isRetryableStatus(response.status) && attempt < retries) {
      const retryAfter = response.headers.get('Retry-After');
      await sleep(retryDelay(attempt, retryAfter ? Number(retryAfter) : null), signal);
      continue;
    }

    const data = await readBody(response).catch(() => undefined);
    const code = isErrorBody(data) ? data.error : response.status === 404 ? 'not_found' : 'generic';
    const params = isErrorBody(data) && data.params ? data.params : {};
    if (response.status === 403 && code === 'authentication_required' && !isUserCall(path)) {
      sessionEnded('signed_out');
      return false;
    }
    if (response.status === 403 && code === 'account_banned') {
      sessionEnded('banned');
    }
    throw new ApiError(response.status, code, params);
  }
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE', body }),
};
