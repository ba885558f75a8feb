/**
 * Dates in the member's language with date-fns, in the locale dateLocale.ts loaded for
 * the current language.
 */
import { format as formatFns, formatDistanceToNow, formatDistanceToNowStrict } from 'date-fns';
import { currentDateLocale } from './dateLocale';

export { loadDateLocale, setDateLocale } from './dateLocale';

type DateInput = Date | string | number;
const toDate = (value: DateInput) => (value instanceof Date ? value : new Date(value));

/** A long date such as "1 december 2023" (pattern 'PPP'). */
export function formatLongDate(value: DateInput): string {
  return formatFns(toDate(value), 'PPP', { locale: currentDateLocale() });
}

/** A short date and time such as "01-12-2023 13:00". */
export function formatDateTime(value: DateInput): string {
  return formatFns(toDate(value), 'Pp', { locale: currentDateLocale() });
}

/** "3 minutes ago" in the member's language. */
export function formatRelative(value: DateInput): string {
  return formatDistanceToNow(toDate(value), { addSuffix: true, locale: currentDateLocale() });
}

/** "5 minutes ago" without "about" or "less than": for narrow lists. */
export function formatRelativeShort(value: DateInput): string {
  return formatDistanceToNowStrict(toDate(value), { addSuffix: true, locale: currentDateLocale() });
}

/** A time of day such as "13:05" (or "1:05 PM" where that is the custom). */
export function formatTime(value: DateInput): string {
  return formatFns(toDate(value), 'p', { locale: currentDateLocale() });
}
