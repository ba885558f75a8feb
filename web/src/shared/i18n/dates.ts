/**
 * Dates and times in the member's language, one way across the app (issue 29.7): every
 * screen formats through these functions, with Intl in the interface language. Intl needs
 * nothing loaded, so a date is never shown in American English while a language's
 * formats are still on their way, and English is British English everywhere
 * ("1 December 2023", "1 Dec 2023, 13:05"), as the sites are.
 */
import { i18n } from './i18n';

type DateInput = Date | string | number;
const toDate = (value: DateInput) => (value instanceof Date ? value : new Date(value));

/** The Intl locale of an interface language: English is written the British way. */
export function dateLocale(language: string = i18n.language || 'en'): string {
  return language === 'en' ? 'en-GB' : language;
}

const formats = new Map<string, Intl.DateTimeFormat>();
function formatter(language: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = dateLocale(language);
  const key = `${locale}|${JSON.stringify(options)}`;
  let found = formats.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, options);
    formats.set(key, found);
  }
  return found;
}

/** A long date such as "1 December 2023" ("1. Dezember 2023", "1 grudnia 2023"). */
export function formatLongDate(value: DateInput, language?: string): string {
  return formatter(language, { dateStyle: 'long' }).format(toDate(value));
}

/** A date and time such as "1 Dec 2023, 13:05" ("01.12.2023, 13:05"). */
export function formatDateTime(value: DateInput, language?: string): string {
  return formatter(language, { dateStyle: 'medium', timeStyle: 'short' }).format(toDate(value));
}

/** A time of day such as "13:05" (or "1:05 pm" where that is the custom). */
export function formatTime(value: DateInput, language?: string): string {
  return formatter(language, { timeStyle: 'short' }).format(toDate(value));
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
];

/** "5 minutes ago", "yesterday", "in 3 hours" in the member's language: the largest whole unit. */
export function formatRelativeShort(value: DateInput, language?: string): string {
  const seconds = (toDate(value).getTime() - Date.now()) / 1000;
  const [unit, size] = UNITS.find(([, length]) => Math.abs(seconds) >= length) ?? ['second', 1];
  return new Intl.RelativeTimeFormat(dateLocale(language), { numeric: 'auto' }).format(Math.round(seconds / size), unit);
}

/** The same as formatRelativeShort: one way of saying how long ago. */
export const formatRelative = formatRelativeShort;
