/**
 * The date-fns locale of the current language. Each language's locale is a separate
 * chunk, loaded when the language is switched to (see i18n.ts). Kept apart from the
 * formatting functions (dates.ts) so that start-up does not load date-fns itself: only
 * the screens that show dates do.
 */
import type { Locale } from 'date-fns';
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

export function currentDateLocale(): Locale | undefined {
  return current;
}
