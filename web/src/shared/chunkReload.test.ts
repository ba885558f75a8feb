import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CHUNK_RELOAD_KEY,
  importQuietly,
  importWithReload,
  installPreloadErrorReload,
  isChunkLoadError,
  reloadForChunkError,
} from './chunkReload';

describe('chunk load failures', () => {
  it('recognises the browsers\' chunk load errors', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('x is undefined'))).toBe(false);
    expect(isChunkLoadError('nope')).toBe(false);
  });

  it('reloads once, then not again within 60 seconds', () => {
    const reload = vi.fn();
    expect(reloadForChunkError(1_000_000, reload)).toBe(true);
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBe('1000000');
    expect(reloadForChunkError(1_000_000 + 59_999, reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadForChunkError(1_000_000 + 60_000, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});

/** What Vite's preload helper does when a wrapped dynamic import fails: the event, then the rejection. */
function failingImport(error: Error) {
  return () => {
    window.dispatchEvent(Object.assign(new Event('vite:preloadError', { cancelable: true }), { payload: error }));
    return Promise.reject(error);
  };
}

describe('the vite:preloadError handler', () => {
  afterEach(() => vi.useRealTimers());

  it('reloads the page for a chunk that failed to load (a loader, a modal ...)', async () => {
    vi.useFakeTimers();
    installPreloadErrorReload();
    const load = failingImport(new TypeError('Failed to fetch dynamically imported module: /assets/a.js'));
    await expect(load()).rejects.toThrow();
    await vi.runAllTimersAsync();
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).not.toBeNull();
  });

  it('does not reload for other errors Vite reports the same way (a loader that failed)', async () => {
    vi.useFakeTimers();
    installPreloadErrorReload();
    await expect(failingImport(new Error('network down'))()).rejects.toThrow();
    await vi.runAllTimersAsync();
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBeNull();
  });

  it('does not reload for a quiet import (the idle prefetch)', async () => {
    vi.useFakeTimers();
    installPreloadErrorReload();
    const load = failingImport(new TypeError('Failed to fetch dynamically imported module: /assets/b.js'));
    await expect(importQuietly(load)).resolves.toBeUndefined();
    await vi.runAllTimersAsync();
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBeNull();
  });

  it('reloads a route screen once through importWithReload', async () => {
    vi.useFakeTimers();
    installPreloadErrorReload();
    const load = failingImport(new TypeError('Importing a module script failed.'));
    let settled = false;
    void importWithReload(load).finally(() => (settled = true));
    await vi.runAllTimersAsync();
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).not.toBeNull();
    expect(settled).toBe(false); // the page is reloading: the screen never errors
  });
});
