/** The 11 interface languages (spec section 1). */
export const LANGUAGES = ['da', 'de', 'en', 'es', 'fi', 'fr', 'it', 'nb', 'nl', 'pl', 'sv'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';
/** Texts missing in a catalog fall back to Dutch, the language the texts were written in. */
export const FALLBACK_LANGUAGE: Language = 'nl';

/** Each language's name in itself: a member must recognise their own language. */
export const NATIVE_NAMES: Record<Language, string> = {
  da: 'Dansk',
  de: 'Deutsch',
  en: 'English',
  es: 'Español',
  fi: 'Suomi',
  fr: 'Français',
  it: 'Italiano',
  nb: 'Norsk bokmål',
  nl: 'Nederlands',
  pl: 'Polski',
  sv: 'Svenska',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * Maps a browser or domain language tag to one of ours: 'nl-BE' → 'nl',
 * Norwegian in any form ('no', 'nn', 'nb-NO') → 'nb'. Unknown tags give null.
 */
export function toLanguage(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  const base = tag.trim().toLowerCase().split(/[-_]/)[0];
  if (base === 'no' || base === 'nn') return 'nb';
  return isLanguage(base) ? base : null;
}
