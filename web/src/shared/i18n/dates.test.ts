import { afterEach, describe, expect, it, vi } from 'vitest';
import { setupTestI18n } from '../../test/render';
import { dateLocale, formatDateTime, formatLongDate, formatRelativeShort, formatTime } from './dates';
import { LANGUAGES } from './languages';

afterEach(async () => {
  vi.useRealTimers();
  await setupTestI18n('en');
});

const DAY = '2023-12-01T12:00:00Z';

describe("dates in the member's language", () => {
  it('formats long dates in each language, English the British way', () => {
    expect(formatLongDate(DAY, 'nl')).toBe('1 december 2023');
    expect(formatLongDate(DAY, 'de')).toBe('1. Dezember 2023');
    expect(formatLongDate(DAY, 'pl')).toBe('1 grudnia 2023');
    expect(formatLongDate(DAY, 'en')).toBe('1 December 2023');
    for (const language of LANGUAGES) expect(formatLongDate(DAY, language)).toMatch(/2023/);
  });

  it('follows the interface language when none is given (issue 29.7: no mixed English formats)', async () => {
    await setupTestI18n('en');
    expect(dateLocale()).toBe('en-GB');
    const moment = new Date(2023, 11, 1, 13, 5);
    expect(formatLongDate(moment)).toBe('1 December 2023');
    expect(formatDateTime(moment)).toBe('1 Dec 2023, 13:05');
    expect(formatTime(moment)).toBe('13:05');
    await setupTestI18n('de');
    expect(formatDateTime(moment)).toBe('01.12.2023, 13:05');
    expect(formatLongDate(moment)).toBe('1. Dezember 2023');
  });

  it('formats times of day and short relative times', () => {
    expect(formatTime(new Date(2023, 11, 1, 13, 5), 'nl')).toBe('13:05');
    // "Now" is fixed, so a slow machine cannot move the distance across a boundary.
    const now = new Date(2026, 2, 1, 12, 0);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    expect(formatRelativeShort(new Date(now.getTime() - 5 * 60_000), 'nl')).toBe('5 minuten geleden');
    expect(formatRelativeShort(new Date(now.getTime() - 3 * 3_600_000), 'en')).toBe('3 hours ago');
    expect(formatRelativeShort(new Date(now.getTime() - 26 * 3_600_000), 'pl')).toBe('wczoraj');
    expect(formatRelativeShort(new Date(now.getTime() - 10 * 86_400_000), 'de')).toBe('letzte Woche');
  });
});
