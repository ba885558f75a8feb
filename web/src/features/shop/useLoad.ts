import { useCallback, useEffect, useState } from 'react';

export type Loaded<T> =
  | { phase: 'loading'; data: null; error: null }
  | { phase: 'done'; data: T; error: null }
  | { phase: 'error'; data: null; error: unknown };

/**
 * Loads what a screen shows when it opens (again whenever `key` changes); a late answer
 * for an older key or an unmounted screen is dropped. `reload` tries again.
 */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, key: string): Loaded<T> & { reload: () => void } {
  const [state, setState] = useState<Loaded<T>>({ phase: 'loading', data: null, error: null });
  const [attempt, setAttempt] = useState(0);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    const controller = new AbortController();
    setState({ phase: 'loading', data: null, error: null });
    load(controller.signal).then(
      (data) => !controller.signal.aborted && setState({ phase: 'done', data, error: null }),
      (error: unknown) => !controller.signal.aborted && setState({ phase: 'error', data: null, error }),
    );
    return () => controller.abort();
    // `load` is a fresh closure on each render; `key` says when to load again.
  }, [key, attempt]);

  return { ...state, reload };
}
