/**
 * Which language to show (spec section 4): the i18n_redirected cookie, then — when
 * there is no cookie — the site's domain_language (which is then remembered), then
 * the browser's languages, then English.
 */
import { DEFAULT_LANGUAGE, type Language, isLanguage, toLanguage } from './languages';

export const LOCALE_COOKIE = 'i18n_redirected';
const COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export interface LocaleInputs {
  cookie: string | null;
  domainLanguage?: string | null;
  browserLanguages: readonly string[];
  /** The languages the site offers; all 11 when unknown or empty. */
  available?: readonly string[];
}

export interface LocaleChoice {
  language: Language;
  /** Where it came from; 'domain' means the cookie should now be set. */
  source: 'cookie' | 'domain' | 'browser' | 'default';
}

export function chooseLocale({ cookie, domainLanguage, browserLanguages, available }: LocaleInputs): LocaleChoice {
  const offered = (lang: Language | null): lang is Language =>
    lang !== null && (!available || available.length === 0 || available.includes(lang));

  const fromCookie = isLanguage(cookie) ? cookie : null;
  if (offered(fromCookie)) return { language: fromCookie, source: 'cookie' };

  if (cookie === null && domainLanguage && /^[a-z]{2}$/i.test(domainLanguage)) {
    const fromDomain = toLanguage(domainLanguage);
    if (offered(fromDomain)) return { language: fromDomain, source: 'domain' };
  }

  for (const tag of browserLanguages) {
    const lang = toLanguage(tag);
    if (offered(lang)) return { language: lang, source: 'browser' };
  }

  if (offered(DEFAULT_LANGUAGE) || !available || available.length === 0) {
    return { language: DEFAULT_LANGUAGE, source: 'default' };
  }
  const first = available.find(isLanguage);
  return { language: first ?? DEFAULT_LANGUAGE, source: 'default' };
}

export function readLocaleCookie(cookies: string = document.cookie): string | null {
  for (const part of cookies.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === LOCALE_COOKIE) return decodeURIComponent(rest.join('='));
  }
  return null;
}

export function writeLocaleCookie(language: Language): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LOCALE_COOKIE}=${language}; Max-Age=${COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure}`;
}

export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language].filter(Boolean);
}

/**
 * The language to switch to when a member logs in (issue 19.7): the one saved on their
 * account follows them to a new device, unless this device chose one (the cookie), the
 * site does not offer it, or it is shown already. Null: keep the current language.
 */
export function languageAtLogin({
  saved,
  cookie,
  current,
  available,
}: {
  saved: string | null | undefined;
  cookie: string | null;
  current: string;
  available?: readonly string[];
}): Language | null {
  if (isLanguage(cookie)) return null;
  if (!isLanguage(saved) || saved === current) return null;
  if (available && available.length > 0 && !available.includes(saved)) return null;
  return saved;
}
