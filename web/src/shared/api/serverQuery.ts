/**
 * The one way the app keeps server answers (issue 35.5): each cache of server data is a
 * query. The query asks the server and hands each answer to `keep`, which puts it where
 * the screens read it (a store's field, with the selectors the badges already use); it
 * owns what every store used to do by hand:
 * - one request at a time per key: callers meanwhile share it (`fetch`);
 * - `load` answers from what is kept (`known`) without asking, while it is there;
 * - `refresh` after news: a request on its way may have been answered before the news
 *   happened, so one more follows it, and news during that wait shares that one;
 * - `clear` forgets the requests on their way: their answers (for a member who logged
 *   out, for instance) are not kept; `forget` only makes the next call ask anew.
 * The stores call `clear` when they drop what they kept (on logout: registerSessionReset).
 * Screens that load what only they show, each time they open, use `useLoad` instead.
 */

export interface QueryOptions<K, T> {
  fetch: (key: K) => Promise<T>;
  /** Keeps an answer (not called for one that `clear` made stale). */
  keep?: (value: T, key: K) => void;
  /** A failed request (not called for one that `clear` made stale). */
  fail?: (error: unknown, key: K) => void;
  /** What is kept for the key, if any (undefined: ask the server). */
  known?: (key: K) => T | undefined;
  /** The key's name (what makes two calls the same request): `String(key)` by default. */
  keyOf?: (key: K) => string;
}

export interface Query<K, T> {
  /** What is kept, else the request on its way, else a new one. */
  load: (key: K) => Promise<T>;
  /** The request on its way, else a new one (what is kept is not looked at). */
  fetch: (key: K) => Promise<T>;
  /** After news: a new request, or one more after the one on its way. */
  refresh: (key: K) => Promise<T>;
  /** Forgets the requests on their way; their answers and failures are dropped. */
  clear: () => void;
  /** Forgets the requests on their way, so the next call asks anew; their answers still count. */
  forget: () => void;
}

export function serverQuery<K = void, T = unknown>(options: QueryOptions<K, T>): Query<K, T> {
  const keyOf = options.keyOf ?? String;
  const onTheirWay = new Map<string, Promise<T>>();
  const followUps = new Map<string, Promise<T>>();
  // Each clear starts a new generation: answers asked for in an older one are dropped.
  let generation = 0;

  function fetch(key: K): Promise<T> {
    const name = keyOf(key);
    const known = onTheirWay.get(name);
    if (known) return known;
    const asked = generation;
    const current = () => asked === generation;
    const request = options
      .fetch(key)
      .then(
        (value) => {
          if (current()) options.keep?.(value, key);
          return value;
        },
        (error: unknown) => {
          if (current()) options.fail?.(error, key);
          throw error;
        },
      )
      .finally(() => {
        if (onTheirWay.get(name) === request) onTheirWay.delete(name);
      });
    onTheirWay.set(name, request);
    return request;
  }

  function refresh(key: K): Promise<T> {
    const name = keyOf(key);
    const ongoing = onTheirWay.get(name);
    if (!ongoing) return fetch(key);
    let next = followUps.get(name);
    if (!next) {
      const asked = generation;
      next = ongoing
        .catch(() => undefined)
        .then(() => {
          if (followUps.get(name) === next) followUps.delete(name);
          // Cleared meanwhile: the news was for what was dropped.
          return asked === generation ? fetch(key) : ongoing;
        });
      followUps.set(name, next);
    }
    return next;
  }

  return {
    load: (key) => {
      const known = options.known?.(key);
      return known === undefined ? fetch(key) : Promise.resolve(known);
    },
    fetch,
    refresh,
    clear() {
      generation += 1;
      onTheirWay.clear();
      followUps.clear();
    },
    forget() {
      onTheirWay.clear();
      followUps.clear();
    },
  };
}
