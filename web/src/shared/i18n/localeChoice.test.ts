import { afterEach, describe, expect, it } from 'vitest';
import { toLanguage } from './languages';
import { LOCALE_COOKIE, chooseLocale, readLocaleCookie, writeLocaleCookie } from './localeChoice';

describe('chooseLocale', () => {
  it('takes the cookie first', () => {
    expect(chooseLocale({ cookie: 'de', domainLanguage: 'nl', browserLanguages: ['fr'] })).toEqual({
      language: 'de',
      source: 'cookie',
    });
  });

  it('without a cookie, takes a supported two-letter domain language and asks to remember it', () => {
    expect(chooseLocale({ cookie: null, domainLanguage: 'nl', browserLanguages: ['fr'] })).toEqual({
      language: 'nl',
      source: 'domain',
    });
  });

  it('ignores the domain language when a cookie exists, even an unusable one', () => {
    expect(chooseLocale({ cookie: 'xx', domainLanguage: 'nl', browserLanguages: ['fr-FR'] })).toEqual({
      language: 'fr',
      source: 'browser',
    });
  });

  it('ignores domain languages that are not two-letter supported codes', () => {
    expect(chooseLocale({ cookie: null, domainLanguage: 'nl-BE', browserLanguages: ['sv'] }).language).toBe('sv');
    expect(chooseLocale({ cookie: null, domainLanguage: 'pt', browserLanguages: ['sv'] }).language).toBe('sv');
    expect(chooseLocale({ cookie: null, domainLanguage: null, browserLanguages: ['sv'] }).language).toBe('sv');
  });

  it('takes the first supported browser language', () => {
    expect(chooseLocale({ cookie: null, browserLanguages: ['pt-BR', 'it-IT', 'de'] })).toEqual({
      language: 'it',
      source: 'browser',
    });
  });

  it.each(['nb', 'no', 'nn', 'nb-NO', 'nn-NO', 'no-NO'])('maps Norwegian %s to nb', (tag) => {
    expect(chooseLocale({ cookie: null, browserLanguages: [tag] }).language).toBe('nb');
  });

  it('falls back to English', () => {
    expect(chooseLocale({ cookie: null, browserLanguages: ['pt', 'ja'] })).toEqual({ language: 'en', source: 'default' });
    expect(chooseLocale({ cookie: null, browserLanguages: [] })).toEqual({ language: 'en', source: 'default' });
  });

  it('keeps to the languages the site offers', () => {
    const available = ['nl', 'de'];
    expect(chooseLocale({ cookie: 'fr', browserLanguages: ['fr', 'de'], available }).language).toBe('de');
    expect(chooseLocale({ cookie: null, domainLanguage: 'fr', browserLanguages: ['en'], available })).toEqual({
      language: 'nl',
      source: 'default',
    });
    expect(chooseLocale({ cookie: null, browserLanguages: ['pt'], available: ['en', 'nl'] }).language).toBe('en');
  });
});

describe('toLanguage', () => {
  it('reduces tags to our languages', () => {
    expect(toLanguage('nl-BE')).toBe('nl');
    expect(toLanguage('EN_us')).toBe('en');
    expect(toLanguage('pt')).toBeNull();
    expect(toLanguage('')).toBeNull();
  });
});

describe('the i18n_redirected cookie', () => {
  afterEach(() => {
    document.cookie = `${LOCALE_COOKIE}=; Max-Age=0; Path=/`;
  });

  it('is written for a year on the whole site and read back', () => {
    expect(readLocaleCookie()).toBeNull();
    writeLocaleCookie('sv');
    expect(readLocaleCookie()).toBe('sv');
    expect(readLocaleCookie('a=1; i18n_redirected=pl; b=2')).toBe('pl');
  });
});
