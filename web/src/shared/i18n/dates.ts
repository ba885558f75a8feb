/**
 * Dates in the member's language with date-fns. Each language's date-fns locale is a
 * separate chunk, loaded when the language is switched to (see i18n.ts).
 */
import { format as formatFns, formatDistanceToNow, formatDistanceToNowStrict, type Locale } from 'date-fns';
import type { Language } from './languages';

const loaders: Record<Language, () => Promise<Locale>> = {
  da: () => import('date-fns/locale/da').then((m) => m.da),
  de: () => import('date-fns/locale/de').then((m) => m.de),
  en: () => import('date-fns/locale/en-GB').then((m) => m.enGB),
  es: () => import('date-fns/locale/es').then((m) => m.es),
  fi: () => import('date-fns/locale/fi').then((m) => m.fi),
  fr: () => import('date-fns/locale/fr').then((m) => m.fr),
  it: () => import('date-fns/locale/it').then((m) => m.it),
  nb: () => import('date-fns/locale/nb').then((m) => m.nb),
  nl: () => import('date-fns/locale/nl').then((m) => m.nl),
  pl: () => import('date-fns/locale/pl').then((m) => m.pl),
  sv: () => import('date-fns/locale/sv').then((m) => m.sv),
};

let current: Locale | undefined;

export async function loadDateLocale(language: Language): Promise<Locale> {
  current = await loaders[language]();
  return current;
}

/** For tests and callers that already hold a locale. */
export function setDateLocale(locale: Locale | undefined): void {
  current = locale;
}

type DateInput = Date | string | number;
const toDate = (value: DateInput) => (value instanceof Date ? value : new Date(value));

/** A long date such as "1 december 2023" (pattern 'PPP'). */
export function formatLongDate(value: DateInput): string {
  return formatFns(toDate(value), 'PPP', { locale: current });
}

/** A short date and time such as "01-12-2023 13:00". */
export function formatDateTime(value: DateInput): string {
  return formatFns(toDate(value), 'Pp', { locale: current });
}

/** "3 minutes ago" in the member's language. */
export function formatRelative(value: DateInput): string {
  return formatDistanceToNow(toDate(value), { addSuffix: true, locale: current });
}

/** "5 minutes ago" without "about" or "less than": for narrow lists. */
export function formatRelativeShort(value: DateInput): string {
  return formatDistanceToNowStrict(toDate(value), { addSuffix: true, locale: current });
}

/** A time of day such as "13:05" (or "1:05 PM" where that is the custom). */
export function formatTime(value: DateInput): string {
  return formatFns(toDate(value), 'p', { locale: current });
}
