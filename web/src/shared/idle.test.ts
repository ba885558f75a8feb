import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTask } from './idle';

describe('nextTask', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('resolves in a task of its own, after the work already waiting', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('waiting task'), 0);
    void Promise.resolve().then(() => order.push('microtask'));
    await nextTask();
    order.push('after the await');
    expect(order).toEqual(['microtask', 'waiting task', 'after the await']);
  });

  it("uses the browser's scheduler.yield where there is one", async () => {
    const yieldNow = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yieldNow });
    await nextTask();
    expect(yieldNow).toHaveBeenCalledOnce();
  });
});
