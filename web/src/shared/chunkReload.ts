/**
 * A lazily loaded chunk that fails to load (usually: a new release replaced it) makes
 * the page reload once, at most once per 60 seconds (spec section 8). The time of the
 * last reload is kept in sessionStorage.
 */
export const CHUNK_RELOAD_KEY = 'amora.chunkReloadAt';
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|error loading dynamically|ChunkLoadError|Unable to preload CSS/i.test(
    `${error.name} ${error.message}`,
  );
}

/** Reloads the page unless that happened less than 60 s ago; tells whether it did. */
export function reloadForChunkError(now = Date.now(), reload = () => location.reload()): boolean {
  let last = 0;
  try {
    last = Number(sessionStorage.getItem(CHUNK_RELOAD_KEY)) || 0;
    if (now - last < CHUNK_RELOAD_INTERVAL_MS) return false;
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(now));
  } catch {
    // Without sessionStorage we cannot limit reloads: do not reload at all.
    return false;
  }
  reload();
  return true;
}

/**
 * Wraps a dynamic import: on a chunk load failure the page reloads (and the returned
 * promise never settles); otherwise, and when a reload happened too recently, the
 * error goes on to the error page.
 */
export function importWithReload<T>(load: () => Promise<T>): Promise<T> {
  return load().catch((error: unknown) => {
    if (isChunkLoadError(error) && reloadForChunkError()) return new Promise<T>(() => {});
    throw error;
  });
}

const quietErrors = new WeakSet<object>();

/**
 * A dynamic import whose failure is ignored: no reload, no error (the idle prefetch,
 * spec section 9: warming a chunk the visitor may never open must not reload the page).
 * Resolves to undefined when the import fails.
 */
export function importQuietly<T>(load: () => Promise<T>): Promise<T | undefined> {
  let loading: Promise<T>;
  try {
    loading = load();
  } catch (error) {
    if (typeof error === 'object' && error !== null) quietErrors.add(error);
    return Promise.resolve(undefined);
  }
  return loading.catch((error: unknown) => {
    if (typeof error === 'object' && error !== null) quietErrors.add(error);
    return undefined;
  });
}

let installed = false;

/**
 * Vite reports a failed dynamic import (the chunk or one of its preloaded dependencies)
 * as a window event, for every import it wraps: the route screens, their loaders, the
 * layouts' lazy modals, the catalogs. A chunk load failure reloads the page (once per
 * 60 s); other errors (a loader's own failure is reported the same way) do not.
 *
 * The import still rejects, so its caller sees the error: a route screen reloads through
 * importWithReload, an idle prefetch (importQuietly) swallows it. The decision waits
 * until the callers' handlers have run (they are microtasks; this is a task), so that a
 * failure a quiet import claimed never reloads the page.
 */
export function installPreloadErrorReload(): void {
  if (installed) return;
  installed = true;
  window.addEventListener('vite:preloadError', (event) => {
    const error = (event as Event & { payload?: unknown }).payload;
    if (!isChunkLoadError(error)) return;
    setTimeout(() => {
      if (typeof error === 'object' && error !== null && quietErrors.has(error)) return;
      reloadForChunkError();
    }, 0);
  });
}
