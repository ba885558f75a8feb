import { switchLanguage } from '../../shared/i18n/i18n';
import type { Language } from '../../shared/i18n/languages';
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
