import { useCallback, useEffect, useEffectEvent, useState } from 'react';

export type Loaded<T> =
  | { phase: 'loading'; data: null; error: null }
  | { phase: 'done'; data: T; error: null }
  | { phase: 'error'; data: null; error: unknown };

/**
 * Loads what a screen shows when it opens (again whenever `key` changes); a late answer
 * for an older key or an unmounted screen is dropped. `reload` tries again.
 */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, key: string): Loaded<T> & { reload: () => void } {
  const [attempt, setAttempt] = useState(0);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  // The answer remembers what it answers: for another key or attempt it is still loading.
  const asked = `${attempt}/${key}`;
  const [answer, setAnswer] = useState<{ asked: string; loaded: Loaded<T> } | null>(null);
  // `load` is a fresh closure on each render; `asked` says when to load again.
  const start = useEffectEvent((signal: AbortSignal) => load(signal));

  useEffect(() => {
    const controller = new AbortController();
    start(controller.signal).then(
      (data) => !controller.signal.aborted && setAnswer({ asked, loaded: { phase: 'done', data, error: null } }),
      (error: unknown) => !controller.signal.aborted && setAnswer({ asked, loaded: { phase: 'error', data: null, error } }),
    );
    return () => controller.abort();
  }, [asked]);

  const state: Loaded<T> = answer?.asked === asked ? answer.loaded : { phase: 'loading', data: null, error: null };
  return { ...state, reload };
}
