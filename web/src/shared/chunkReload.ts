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

/** Vite reports failed preloads of a chunk's dependencies as a window event. */
export function installPreloadErrorReload(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadForChunkError()) event.preventDefault();
  });
}
