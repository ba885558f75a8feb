/**
 * i18next set-up: namespaces `common` (the UI shell and the error codes), `legal` (legal
 * texts) and `account` (login, signup, settings ...), catalogs in
 * web/src/locales/<lang>/<ns>.json, each loaded as its own chunk when first needed.
 */
import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
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

/** Emitted when a fallback catalog has come: the shown screens translate again with it. */
export const FALLBACK_ADDED = 'fallbackAdded';

/**
 * The Dutch fallback catalogs load only once a key is missing in the current language
 * (every catalog has every key: tests/test_catalogs.py), not for every visitor at start-up.
 */
const fallbackLoads = new Map<string, Promise<void>>();

export function loadFallback(namespace: string): Promise<void> {
  const load = catalogLoader(FALLBACK_LANGUAGE, namespace);
  // A namespace still loading in the current language is not missing a key.
  if (i18n.language === FALLBACK_LANGUAGE || !load || !i18n.hasResourceBundle(i18n.language, namespace)) {
    return Promise.resolve();
  }
  let loading = fallbackLoads.get(namespace);
  if (!loading) {
    loading = load().then(
      (module) => {
        // Shown screens translate again: react-i18next re-renders on FALLBACK_ADDED (bindI18n).
        i18n.options.fallbackLng = [FALLBACK_LANGUAGE];
        i18n.addResourceBundle(FALLBACK_LANGUAGE, namespace, module.default, true, false);
        i18n.emit(FALLBACK_ADDED, namespace);
      },
      () => void fallbackLoads.delete(namespace),
    );
    fallbackLoads.set(namespace, loading);
  }
  return loading;
}

export async function initI18n(language: Language): Promise<void> {
  await i18n
    .use(globBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: false,
      saveMissing: true,
      missingKeyHandler: (_languages, namespace) => void loadFallback(namespace),
      supportedLngs: [...LANGUAGES],
      ns: ['common'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      // Not every catalog's arrival ('added'): each re-rendered every translated component
      // at once (on /members some 30-50 ms each time one came after the first screen; each
      // like button translates). A component waiting for its catalog renders when it comes.
      react: { useSuspense: false, bindI18n: `languageChanged ${FALLBACK_ADDED}` },
    });
  document.documentElement.lang = language;
}

/**
 * Switches the interface language: i18next (dates follow it, see dates.ts) and <html lang>,
 * and remembers the choice in the i18n_redirected cookie when `remember` is set.
 */
export async function switchLanguage(language: Language, { remember = true } = {}): Promise<void> {
  if (remember) writeLocaleCookie(language);
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
}

export function currentLanguage(): Language {
  return i18n.language as Language;
}
