import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { offerBootSearch } from '../features/discovery';
import { type SearchPage, discoveryApi } from '../features/discovery/discoveryApi';
import { NO_FILTERS } from '../features/discovery/searchFilters';
import { useSearch } from '../features/discovery/searchStore';
import { useSession } from '../shared/session/sessionStore';
import { TRAFFIC_KEY } from '../shared/signup/traffic';
import { useSettings } from '../shared/site/settingsStore';
import { settingsFixture, userFixture } from '../test/fixtures';
import { boot } from './boot';
import { readBootData } from './bootData';
import { stubFetch } from '../test/fetchStub';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

const fromServer: SearchPage = { results: [], numResults: 0, numResultsCapped: false, page: 1, pages: 0, next: null, similar: [], liked: [] };
const withPage: SearchPage = { ...fromServer, numResults: 34, pages: 2, next: 12 };

function inline(data: unknown): void {
  const script = document.createElement('script');
  script.id = 'boot-data';
  script.type = 'application/json';
  script.textContent = JSON.stringify(data);
  document.head.append(script);
  // What boot() does with it before anything searches.
  offerBootSearch(readBootData()?.search ?? null);
}

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  offerBootSearch(null);
  fetchMock = vi.fn(() => Promise.resolve(json(fromServer)));
  stubFetch(fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.getElementById('boot-data')?.remove();
  localStorage.removeItem(TRAFFIC_KEY);
  document.cookie = 'auth.present=; Max-Age=0; Path=/';
  useSession.setState({ user: null, loaded: false });
  useSettings.setState({ settings: null });
  useSearch.getState().reset();
});

const urls = () => fetchMock.mock.calls.map(([input]) => new URL(String(input instanceof Request ? input.url : input), 'http://amora.test').pathname);

describe('what came with the page', () => {
  it('takes the member from the page instead of asking GET /api/user', async () => {
    document.cookie = 'auth.present=1; Path=/';
    const user = userFixture({ id: 41 });
    inline({ language: 'en', settings: settingsFixture({ locales: ['en'], domain_language: 'en' }), user });
    await boot();
    expect(useSession.getState()).toMatchObject({ user, loaded: true });
    expect(urls()).not.toContain('/api/user');
  });

  it("hands the page's search to the search feature at start-up", async () => {
    offerBootSearch(null);
    const script = document.createElement('script');
    script.id = 'boot-data';
    script.type = 'application/json';
    script.textContent = JSON.stringify({ language: 'en', settings: settingsFixture({ locales: ['en'], domain_language: 'en' }), search: { viewer: null, answer: withPage } });
    document.head.append(script);
    await boot();
    expect(await discoveryApi.search(NO_FILTERS, 1)).toEqual(withPage);
    expect(urls()).not.toContain('/api/members');
  });

  it("answers the page's first search (page 1, no filters, same viewer) from the page, once", async () => {
    useSession.setState({ user: userFixture({ id: 41 }), loaded: true });
    inline({ language: 'en', settings: settingsFixture(), search: { viewer: 41, answer: withPage } });
    expect(await discoveryApi.search(NO_FILTERS, 1)).toEqual(withPage);
    expect(fetchMock).not.toHaveBeenCalled();
    // Later searches ask the server: the page's answer is old by then.
    expect(await discoveryApi.search(NO_FILTERS, 1)).toEqual(fromServer);
    expect(urls()).toEqual(['/api/members']);
  });

  it.each([
    ['another viewer', { viewer: 7 }, (): void => undefined],
    ['a filtered search', { viewer: null }, (): void => undefined],
    ['a visitor who came through a partner', { viewer: null }, (): void => localStorage.setItem(TRAFFIC_KEY, JSON.stringify({ network: 'partner', capturedAt: 1 }))],
  ] as const)('asks the server for %s', async (name, search, prepare) => {
    prepare();
    inline({ language: 'en', settings: settingsFixture(), search: { ...search, answer: withPage } });
    const filters = name === 'a filtered search' ? { ...NO_FILTERS, gender: 'female' as const } : NO_FILTERS;
    expect(await discoveryApi.search(filters, 1)).toEqual(fromServer);
    expect(urls()).toEqual(['/api/members']);
  });
});

describe("the search store and the page's answer", () => {
  it('holds the first page at once, before any render waits for a promise', () => {
    useSession.setState({ user: userFixture({ id: 41 }), loaded: true });
    inline({ language: 'en', settings: settingsFixture(), search: { viewer: 41, answer: withPage } });
    useSearch.getState().adoptBootPage(NO_FILTERS, 1);
    expect(useSearch.getState()).toMatchObject({ page: 1, numResults: 34, pages: 2, results: [{ pageNumber: 1, next: 12 }] });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('leaves the store empty for another page or filters', () => {
    useSession.setState({ user: userFixture({ id: 41 }), loaded: true });
    inline({ language: 'en', settings: settingsFixture(), search: { viewer: 41, answer: withPage } });
    useSearch.getState().adoptBootPage(NO_FILTERS, 2);
    expect(useSearch.getState().results).toEqual([]);
  });
});
