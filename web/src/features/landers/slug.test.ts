import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../shared/i18n/languages';
import { NICHE_PREFIXES, landerSlug, slugLocale } from './slug';

const ALL = LANGUAGES;

describe('landerSlug', () => {
  it('writes the niche prefix and the locale, English as eng', () => {
    expect(landerSlug('', 'nl')).toBe('nl');
    expect(landerSlug('', 'en')).toBe('eng');
    expect(landerSlug('she-', 'nl')).toBe('she-nl');
    expect(landerSlug('she-', 'en')).toBe('she-eng');
    expect(landerSlug('gay-', 'de')).toBe('gay-de');
    expect(landerSlug('bdsm-', 'nb')).toBe('bdsm-nb');
  });

  it('makes a slug for every niche and language', () => {
    for (const prefix of NICHE_PREFIXES) {
      for (const locale of ALL) {
        const slug = landerSlug(prefix, locale);
        expect(slug.startsWith(prefix)).toBe(true);
        expect(slugLocale(slug, prefix, ALL, 'da')).toBe(locale);
      }
    }
  });

  it('lists the seven niches of the spec in order', () => {
    expect(NICHE_PREFIXES).toEqual(['', 'she-', 'bdsm-', 'bbw-', 'gilf-', 'milf-', 'gay-']);
  });
});

describe('slugLocale', () => {
  it('reads the locale after the niche prefix', () => {
    expect(slugLocale('she-nl', 'she-', ALL, 'en')).toBe('nl');
    expect(slugLocale('milf-fr', 'milf-', ALL, 'en')).toBe('fr');
    expect(slugLocale('de', '', ALL, 'en')).toBe('de');
  });

  it('reads eng as English (and a plain en too)', () => {
    expect(slugLocale('eng', '', ALL, 'nl')).toBe('en');
    expect(slugLocale('she-eng', 'she-', ALL, 'nl')).toBe('en');
    expect(slugLocale('en', '', ALL, 'nl')).toBe('en');
  });

  it('replaces auto by the current locale', () => {
    expect(slugLocale('auto', '', ALL, 'sv')).toBe('sv');
    expect(slugLocale('she-auto', 'she-', ALL, 'pl')).toBe('pl');
    expect(slugLocale('gay-auto', 'gay-', ['nl'], 'en')).toBe('en');
  });

  it('ignores case and surrounding spaces', () => {
    expect(slugLocale('SHE-NL', 'she-', ALL, 'en')).toBe('nl');
    expect(slugLocale(' Eng ', '', ALL, 'nl')).toBe('en');
  });

  it('gives null without a slug', () => {
    expect(slugLocale(undefined, '', ALL, 'en')).toBeNull();
    expect(slugLocale('', 'she-', ALL, 'en')).toBeNull();
  });

  it('gives null for a slug of another niche', () => {
    expect(slugLocale('bdsm-nl', 'she-', ALL, 'en')).toBeNull();
    expect(slugLocale('nl', 'she-', ALL, 'en')).toBeNull();
    expect(slugLocale('she-auto', 'gay-', ALL, 'en')).toBeNull();
    // Without a niche, a prefixed slug is no locale either.
    expect(slugLocale('she-nl', '', ALL, 'en')).toBeNull();
  });

  it('gives null for a locale the site does not offer or that does not exist', () => {
    expect(slugLocale('she-fi', 'she-', ['nl', 'de'], 'en')).toBeNull();
    expect(slugLocale('xx', '', ALL, 'en')).toBeNull();
    expect(slugLocale('she-', 'she-', ALL, 'en')).toBeNull();
    expect(slugLocale('she-nld', 'she-', ALL, 'en')).toBeNull();
    expect(slugLocale('eng', '', ['nl'], 'nl')).toBeNull();
  });
});
