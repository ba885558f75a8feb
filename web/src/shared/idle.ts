/** Idle-time work (spec section 9: the idle timeout is 2000 ms). */
export const IDLE_TIMEOUT_MS = 2000;

/**
 * Resolves in a task of its own: what follows the await runs after the browser has had a
 * turn (input, a paint), not in the task that came before it. scheduler.yield where the
 * browser has it (its continuation goes ahead of other waiting tasks), else setTimeout.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Runs `callback` once the browser is idle, at the latest after `timeout` ms
 * (requestIdleCallback); where the browser has no requestIdleCallback, after `timeout` ms.
 * Returns a function that cancels it.
 */
export function whenIdle(callback: () => void, timeout = IDLE_TIMEOUT_MS): () => void {
  if (typeof window !== 'undefined' && typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(() => callback(), { timeout });
    const cancel = typeof window.cancelIdleCallback === 'function' ? window.cancelIdleCallback.bind(window) : undefined;
    return () => cancel?.(id);
  }
  const id = setTimeout(callback, timeout);
  return () => clearTimeout(id);
}

/**
 * Work for once the page has settled: after the window's load event, `delay` ms more, then
 * in an idle moment (requestIdleCallback with `timeout`; at once where there is none).
 * While the first screen is still coming in the browser is idle often (it waits for the
 * network), and work started then would compete with that screen.
 * Returns a function that cancels it.
 */
export function whenSettled(callback: () => void, { delay = IDLE_TIMEOUT_MS, timeout = IDLE_TIMEOUT_MS } = {}): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let cancelIdle: (() => void) | undefined;
  const afterDelay = () => {
    if (typeof window.requestIdleCallback === 'function') cancelIdle = whenIdle(callback, timeout);
    else callback();
  };
  const onLoad = () => {
    timer = setTimeout(afterDelay, delay);
  };
  if (document.readyState === 'complete') onLoad();
  else window.addEventListener('load', onLoad, { once: true });
  return () => {
    window.removeEventListener('load', onLoad);
    clearTimeout(timer);
    cancelIdle?.();
  };
}
