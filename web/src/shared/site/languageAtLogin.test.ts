import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/i18n';
import { LOCALE_COOKIE, languageAtLogin } from '../i18n/localeChoice';
import { settingsFixture, userFixture } from '../../test/fixtures';
import { setupTestI18n } from '../../test/render';
import { useSession } from '../session';
import './language';
import { useSettings } from './settingsStore';

const clearCookie = () => (document.cookie = `${LOCALE_COOKIE}=; Max-Age=0; Path=/`);

describe('languageAtLogin (issue 19.7)', () => {
  it("takes the member's saved language on a device that chose none", () => {
    expect(languageAtLogin({ saved: 'de', cookie: null, current: 'en' })).toBe('de');
  });
  it("keeps the device's own choice, an unoffered language and the current one", () => {
    expect(languageAtLogin({ saved: 'de', cookie: 'fr', current: 'fr' })).toBeNull();
    expect(languageAtLogin({ saved: 'de', cookie: null, current: 'en', available: ['en', 'nl'] })).toBeNull();
    expect(languageAtLogin({ saved: 'en', cookie: null, current: 'en' })).toBeNull();
    expect(languageAtLogin({ saved: 'xx', cookie: null, current: 'en' })).toBeNull();
  });
});

describe('logging in on a new device', () => {
  beforeAll(() => setupTestI18n('en'));
  beforeEach(() => {
    clearCookie();
    useSession.setState({ user: null, loaded: true });
    useSettings.setState({ settings: settingsFixture({ locales: ['en', 'de', 'nl'] }) });
    vi.spyOn(useSettings.getState(), 'load').mockResolvedValue(settingsFixture());
  });
  afterEach(async () => {
    clearCookie();
    vi.restoreAllMocks();
    await i18n.changeLanguage('en');
  });

  it("switches to the member's language and remembers it on the device", async () => {
    useSession.setState({ user: userFixture({ language: 'de' }) });
    await vi.waitFor(() => expect(i18n.language).toBe('de'));
    expect(document.cookie).toContain(`${LOCALE_COOKIE}=de`);
  });

  it('keeps the language this device chose', async () => {
    document.cookie = `${LOCALE_COOKIE}=en; Path=/`;
    useSession.setState({ user: userFixture({ language: 'de' }) });
    await Promise.resolve();
    expect(i18n.language).toBe('en');
  });

  it('leaves the start of the app alone (the session loading is no login)', async () => {
    useSession.setState({ user: null, loaded: false });
    useSession.setState({ user: userFixture({ language: 'de' }), loaded: true });
    await Promise.resolve();
    expect(i18n.language).toBe('en');
  });
});
