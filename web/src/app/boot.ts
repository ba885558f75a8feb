/**
 * Start-up: keep the traffic source of the landing link, pick the language, fetch the
 * site's settings and who is logged in, then hand over to the router (the company info
 * follows once the first screen is painted). What came with the page (bootData.ts) is
 * not fetched again.
 */
// The session's first call (GET /api/user) needs the account API: part of the start-up
// bundle, so that call does not wait for another chunk.
import '../features/account/accountApi';
// The search's small hand-over module, not its public module: the rest of the search is
// not part of the start-up bundle.
import { offerBootSearch } from '../features/discovery/bootSearch';
import { useSession } from '../shared/session/sessionStore';
import { captureTraffic } from '../shared/signup/traffic';
import { prepareCountryNames } from '../shared/site/company';
import { useCompany } from '../shared/site/companyStore';
import { useSettings } from '../shared/site/settingsStore';
import { firstScreen } from '../shared/firstScreen';
import { currentLanguage, initI18n, switchLanguage } from '../shared/i18n/i18n';
import { browserLanguages, chooseLocale, readLocaleCookie, writeLocaleCookie } from '../shared/i18n/localeChoice';
import { readBootData } from './bootData';
import { installSessionEnd } from './sessionEnd';

export async function boot(): Promise<void> {
  installSessionEnd();
  captureTraffic(location.search);
  const inline = readBootData();
  offerBootSearch(inline?.search ?? null);
  // The member came with the page (the request had a session): no GET /api/user to wait for.
  if (inline?.user && !useSession.getState().loaded) useSession.getState().setUser(inline.user);
  const session = useSession.getState().loaded ? Promise.resolve(null) : useSession.getState().loadAtStart();
  const cookie = readLocaleCookie();
  const browser = browserLanguages();

  // The settings came with the page: used when they are in the language chosen here.
  if (inline) {
    const { settings } = inline;
    const choice = chooseLocale({ cookie, domainLanguage: settings.domain_language, browserLanguages: browser, available: settings.locales });
    if (choice.language === inline.language) {
      useSettings.setState({ settings });
      if (choice.source === 'domain') writeLocaleCookie(choice.language);
      await Promise.all([initI18n(choice.language), session]);
      loadCompanyLater();
      return;
    }
  }

  const first = chooseLocale({ cookie, browserLanguages: browser });
  const [settings] = await Promise.all([useSettings.getState().load(first.language), initI18n(first.language)]);

  // Now that the site is known: its domain language and the languages it offers.
  const choice = chooseLocale({
    cookie,
    domainLanguage: settings.domain_language,
    browserLanguages: browser,
    available: settings.locales,
  });
  if (choice.source === 'domain') writeLocaleCookie(choice.language);
  if (choice.language !== first.language) {
    await Promise.all([
      switchLanguage(choice.language, { remember: false }),
      useSettings.getState().load(choice.language),
    ]);
  }
  await session;
  loadCompanyLater();
}

// The company's details show in footers and legal texts, never on a first screen's top:
// they are asked for once that screen is painted, not in the middle of its start.
function loadCompanyLater(): void {
  void firstScreen
    .then(() => {
      const loading = useCompany.getState().load();
      // Meanwhile the country names of its address (Intl.DisplayNames, slow to make).
      prepareCountryNames(currentLanguage());
      return loading;
    })
    .catch(() => undefined);
}
