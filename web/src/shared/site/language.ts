import { i18n, switchLanguage } from '../i18n/i18n';
import type { Language } from '../i18n/languages';
import { languageAtLogin, readLocaleCookie } from '../i18n/localeChoice';
import { useSession } from '../session';
import { useSettings } from './settingsStore';

/**
 * The member picks a language (dropdown or /lang-config): remember it in the cookie,
 * switch texts and dates, fetch the site's texts in it, and — once accounts exist —
 * save it on the account.
 */
export async function changeLanguage(language: Language): Promise<void> {
  await switchLanguage(language);
  await Promise.all([
    useSettings
      .getState()
      .load(language)
      .catch(() => undefined),
    useSession.getState().saveLanguage(language),
  ]);
}

/**
 * A member who logs in on a device that never chose a language gets the one saved on
 * their account (issue 19.7), remembered on the device from then on. Only at a login
 * (the session known, then a member): the start of the app chooses its own language.
 */
useSession.subscribe((state, previous) => {
  if (!state.user || previous.user || !previous.loaded) return;
  const language = languageAtLogin({
    saved: state.user.language,
    cookie: readLocaleCookie(),
    current: i18n.language,
    available: useSettings.getState().settings?.locales,
  });
  if (!language) return;
  void switchLanguage(language)
    .then(() => useSettings.getState().load(language))
    .catch(() => undefined);
});
