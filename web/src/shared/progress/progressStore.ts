/**
 * The top progress bar (spec section 9: throttle 200 ms, duration 5 s). Navigation,
 * and later uploads and first list loads, call start(); the bar appears only when
 * something is still running 200 ms later, creeps towards the end over 5 s and
 * completes when the last task is done.
 */
import { create } from 'zustand';

export const PROGRESS_THROTTLE_MS = 200;
export const PROGRESS_DURATION_MS = 5000;
export const PROGRESS_FINISH_MS = 400;

export type ProgressPhase = 'idle' | 'running' | 'finishing';

interface ProgressState {
  phase: ProgressPhase;
  /** 0..1 when a task reports real progress (uploads); null means "creep over 5 s". */
  value: number | null;
  active: number;
  /** Starts a task; call the returned function (once) when it is done. */
  start: () => () => void;
  /** Reports real progress of the running task, 0..1. */
  report: (value: number) => void;
}

let showTimer: ReturnType<typeof setTimeout> | undefined;
let hideTimer: ReturnType<typeof setTimeout> | undefined;

export const useProgress = create<ProgressState>()((set, get) => {
  const finish = () => {
    clearTimeout(showTimer);
    showTimer = undefined;
    if (get().phase !== 'running') {
      set({ phase: 'idle', value: null });
      return;
    }
    set({ phase: 'finishing', value: 1 });
    hideTimer = setTimeout(() => set({ phase: 'idle', value: null }), PROGRESS_FINISH_MS);
  };

  return {
    phase: 'idle',
    value: null,
    active: 0,
    start() {
      set((s) => ({ active: s.active + 1 }));
      if (get().phase === 'finishing') {
        clearTimeout(hideTimer);
        set({ phase: 'running', value: null });
      } else if (get().phase === 'idle' && showTimer === undefined) {
        showTimer = setTimeout(() => {
          showTimer = undefined;
          if (get().active > 0) set({ phase: 'running', value: null });
        }, PROGRESS_THROTTLE_MS);
      }
      let done = false;
      return () => {
        if (done) return;
        done = true;
        const active = Math.max(0, get().active - 1);
        set({ active });
        if (active === 0) finish();
      };
    },
    report(value) {
      if (get().active > 0) set({ value: Math.min(1, Math.max(0, value)) });
    },
  };
});

/** Runs `task` with the progress bar. */
export async function withProgress<T>(task: Promise<T>): Promise<T> {
  const done = useProgress.getState().start();
  try {
    return await task;
  } finally {
    done();
  }
}
