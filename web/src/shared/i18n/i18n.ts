/**
 * i18next set-up: namespaces `common` (the UI shell and the error codes), `legal` (legal
 * texts) and `account` (login, signup, settings ...), catalogs in
 * web/src/locales/<lang>/<ns>.json, each loaded as its own chunk when first needed.
 */
import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadDateLocale } from './dateLocale';
import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from './languages';
import { writeLocaleCookie } from './localeChoice';

const catalogs = import.meta.glob<{ default: ResourceKey }>('../../locales/*/*.json');

export function catalogLoader(language: string, namespace: string) {
  return catalogs[`../../locales/${language}/${namespace}.json`];
}

const globBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = catalogLoader(language, namespace);
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error as Error, null),
    );
  },
};

export const i18n = i18next.createInstance();

export async function initI18n(language: Language): Promise<void> {
  await Promise.all([
    i18n
      .use(globBackend)
      .use(initReactI18next)
      .init({
        lng: language,
        fallbackLng: FALLBACK_LANGUAGE,
        supportedLngs: [...LANGUAGES],
        ns: ['common'],
        defaultNS: 'common',
        interpolation: { escapeValue: false },
        returnNull: false,
        react: { useSuspense: false },
      }),
    loadDateLocale(language),
  ]);
  document.documentElement.lang = language;
}

/**
 * Switches the interface language: i18next, the date-fns locale and <html lang>,
 * and remembers the choice in the i18n_redirected cookie when `remember` is set.
 */
export async function switchLanguage(language: Language, { remember = true } = {}): Promise<void> {
  if (remember) writeLocaleCookie(language);
  await loadDateLocale(language);
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
}

export function currentLanguage(): Language {
  return i18n.language as Language;
}
