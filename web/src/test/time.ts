/**
 * Waiting in tests without reading the clock (issue 18): a test that passes on a fast
 * machine must pass on a loaded one.
 *
 * - Condition waits (findBy*, waitFor) have a generous ceiling (setup.ts): they return as
 *   soon as the condition holds, so the ceiling only matters when a test fails.
 * - flush() lets answered fetches and the React work they start run by turns of the event
 *   loop, never by a sleep: React's scheduler runs on setImmediate, so do we, in order.
 * - Timers the code sets (delays, polls, countdowns) are advanced with vi.useFakeTimers.
 */
import { act } from '@testing-library/react';
import { vi } from 'vitest';

/** The ceiling of a condition wait: long enough for a loaded 2-core machine. */
export const WAIT_CEILING_MS = 20_000;
/** The ceiling of a whole test and of a hook. */
export const TEST_CEILING_MS = 60_000;

// Taken before any test fakes the timers: fake timers must not hold up these turns.
const realSetImmediate = globalThis.setImmediate;
const nextTurn = () => new Promise<void>((resolve) => realSetImmediate(() => resolve()));

/**
 * Runs what is ready to run: fetch answers already given, the renders and effects they
 * cause and the fetches those start, `turns` rounds deep. Order-based, so the same on a
 * fast or a loaded machine.
 */
export async function flush(turns = 5): Promise<void> {
  for (let turn = 0; turn < turns; turn++) {
    await act(async () => {
      await nextTurn();
    });
  }
}

/**
 * vi.waitFor with the same ceiling as findBy/waitFor (its own default is one second).
 * Under fake timers it moves fake time on between checks, as vi.waitFor does.
 */
export function eventually<T>(check: () => T | Promise<T>): Promise<T> {
  return vi.waitFor(check, { timeout: WAIT_CEILING_MS });
}
