import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../shared/session/sessionStore';
import { useSettings } from '../shared/site/settingsStore';
import { companyFixture, settingsFixture } from '../test/fixtures';
import { firstScreenRendered } from '../shared/firstScreen';
import { boot } from './boot';
import { readBootData } from './bootData';
import { stubFetch } from '../test/fetchStub';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

function inline(data: unknown): void {
  const script = document.createElement('script');
  script.id = 'boot-data';
  script.type = 'application/json';
  script.textContent = JSON.stringify(data);
  document.head.append(script);
}

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn((url: string) =>
    Promise.resolve(json(url.startsWith('/api/companyinfo') ? companyFixture() : settingsFixture({ domain_language: 'en', locales: ['en', 'de'] }))),
  );
  stubFetch(fetchMock);
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE']);
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.getElementById('boot-data')?.remove();
  document.cookie = 'i18n_redirected=; Max-Age=0; Path=/';
  useSession.setState({ user: null, loaded: false });
  useSettings.setState({ settings: null });
});

const calls = () => fetchMock.mock.calls.map(([url]) => String(url).split('?')[0]);

describe('boot', () => {
  it('reads the inline boot data, and ignores a broken one', () => {
    expect(readBootData()).toBeNull();
    inline({ language: 'de', settings: settingsFixture() });
    expect(readBootData()?.language).toBe('de');
    document.getElementById('boot-data')!.textContent = '{';
    expect(readBootData()).toBeNull();
  });

  it("uses the page's settings when they are in the chosen language: a visitor's boot asks nothing first", async () => {
    document.cookie = 'i18n_redirected=de; Path=/';
    const settings = settingsFixture({ domain_language: 'en', locales: ['en', 'de'] });
    inline({ language: 'de', settings });
    await boot();
    expect(useSettings.getState().settings).toEqual(settings);
    expect(useSession.getState()).toMatchObject({ user: null, loaded: true });
    // The company info waits for the first screen's paint (it would compete with it).
    await Promise.resolve();
    expect(calls()).toEqual([]);
    firstScreenRendered();
    await vi.waitFor(() => expect(calls()).toEqual(['/api/companyinfo']));
  });

  it('fetches the settings when the page brought them in another language', async () => {
    document.cookie = 'i18n_redirected=de; Path=/';
    inline({ language: 'en', settings: settingsFixture({ locales: ['en', 'de'] }) });
    await boot();
    expect(calls()).toContain('/api/settings');
    expect(calls()).not.toContain('/api/user');
  });
});
