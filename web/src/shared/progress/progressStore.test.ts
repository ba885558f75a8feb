import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROGRESS_FINISH_MS, PROGRESS_THROTTLE_MS, useProgress, withProgress } from './progressStore';

const phase = () => useProgress.getState().phase;

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.runOnlyPendingTimers();
  vi.useRealTimers();
  useProgress.setState({ phase: 'idle', value: null, active: 0 });
});

describe('progress bar throttle', () => {
  it('stays hidden for work that ends within 200 ms', () => {
    const done = useProgress.getState().start();
    vi.advanceTimersByTime(PROGRESS_THROTTLE_MS - 1);
    done();
    vi.advanceTimersByTime(1000);
    expect(phase()).toBe('idle');
  });

  it('shows after 200 ms and finishes when the work is done', () => {
    const done = useProgress.getState().start();
    vi.advanceTimersByTime(PROGRESS_THROTTLE_MS - 1);
    expect(phase()).toBe('idle');
    vi.advanceTimersByTime(1);
    expect(phase()).toBe('running');
    done();
    expect(phase()).toBe('finishing');
    expect(useProgress.getState().value).toBe(1);
    vi.advanceTimersByTime(PROGRESS_FINISH_MS);
    expect(phase()).toBe('idle');
  });

  it('waits for the last of overlapping tasks', () => {
    const first = useProgress.getState().start();
    const second = useProgress.getState().start();
    vi.advanceTimersByTime(PROGRESS_THROTTLE_MS);
    first();
    first(); // calling done twice counts once
    expect(phase()).toBe('running');
    second();
    expect(phase()).toBe('finishing');
  });

  it('takes real progress reports of uploads', () => {
    const done = useProgress.getState().start();
    vi.advanceTimersByTime(PROGRESS_THROTTLE_MS);
    useProgress.getState().report(0.4);
    expect(useProgress.getState().value).toBe(0.4);
    useProgress.getState().report(7);
    expect(useProgress.getState().value).toBe(1);
    done();
  });

  it('restarts when new work begins while finishing', () => {
    const done = useProgress.getState().start();
    vi.advanceTimersByTime(PROGRESS_THROTTLE_MS);
    done();
    const again = useProgress.getState().start();
    expect(phase()).toBe('running');
    vi.advanceTimersByTime(PROGRESS_FINISH_MS * 2);
    expect(phase()).toBe('running');
    again();
  });

  it('wraps promises', async () => {
    let resolve!: (value: string) => void;
    const task = withProgress(new Promise<string>((r) => (resolve = r)));
    vi.advanceTimersByTime(PROGRESS_THROTTLE_MS);
    expect(phase()).toBe('running');
    resolve('ok');
    await expect(task).resolves.toBe('ok');
    expect(phase()).toBe('finishing');
  });
});
