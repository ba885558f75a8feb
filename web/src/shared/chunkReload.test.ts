import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_KEY, isChunkLoadError, reloadForChunkError } from './chunkReload';

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
