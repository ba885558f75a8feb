import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatLongDate, formatRelativeShort, formatTime, loadDateLocale, setDateLocale } from './dates';
import { LANGUAGES } from './languages';

afterEach(() => {
  setDateLocale(undefined);
  vi.useRealTimers();
});

describe('dates in the member\'s language', () => {
  it('has a date-fns locale for each of the 11 languages', async () => {
    for (const language of LANGUAGES) {
      await expect(loadDateLocale(language)).resolves.toHaveProperty('code');
    }
  });

  it('formats long dates in the current language', async () => {
    await loadDateLocale('nl');
    expect(formatLongDate('2023-12-01T12:00:00Z')).toBe('1 december 2023');
    await loadDateLocale('de');
    expect(formatLongDate('2023-12-01T12:00:00Z')).toBe('1. Dezember 2023');
    await loadDateLocale('en');
    expect(formatLongDate('2023-12-01T12:00:00Z')).toBe('1 December 2023');
  });

  it('formats times of day and short relative times', async () => {
    await loadDateLocale('nl');
    expect(formatTime(new Date(2023, 11, 1, 13, 5))).toBe('13:05');
    // "Now" is fixed, so a slow machine cannot move the distance across a boundary.
    const now = new Date(2026, 2, 1, 12, 0);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    expect(formatRelativeShort(new Date(now.getTime() - 5 * 60_000))).toBe('5 minuten geleden');
    await loadDateLocale('en');
    expect(formatRelativeShort(new Date(now.getTime() - 3 * 3_600_000))).toBe('3 hours ago');
  });
});
