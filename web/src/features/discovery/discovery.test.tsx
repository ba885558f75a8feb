import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../shared/i18n/i18n';
import { settingsFixture, userFixture } from '../../test/fixtures';
import { seedStores, setupTestI18n } from '../../test/render';
import { useProfileCatalogs } from '../../shared/catalogs';
import { useSession } from '../../shared/session';
import { TRAFFIC_KEY } from '../../shared/signup';
import type { MemberCard, MemberProfile } from '../../shared/members';
import { FilterBar } from './FilterBar';
import { MemberCardView } from './MemberCardView';
import { MemberProfilePage, memberIdOf } from './MemberProfilePage';
import { MembersPage } from './MembersPage';
import { pageWindow } from './Pagination';
import { NO_FILTERS, changeFilter, filtersFromQuery, filtersToQuery, offeredFields } from './searchFilters';
import { useSearch } from './searchStore';
import { stubFetch } from '../../test/fetchStub';

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const ALL_FIELDS = ['gender', 'country', 'region', 'min_age', 'max_age'];

function card(id: number, overrides: Partial<MemberCard> = {}): MemberCard {
  return {
    id,
    name: `Member ${id}`,
    gender: 'female',
    age: 30,
    country: 'NL',
    region: 'NL-NH',
    city: 'Haarlem',
    is_fictional: false,
    main_image: null,
    ...overrides,
  };
}

function memberFixture(overrides: Partial<MemberProfile> = {}): MemberProfile {
  return {
    id: 5,
    name: 'Lotte',
    gender: 'female',
    age: 31,
    text_flags: [],
    country: 'NL',
    region: 'NL-NH',
    city: 'Haarlem',
    sexuality: 'straight',
    about_me: 'Hello!',
    hair_colour: 'red',
    eye_colour: null,
    body_type: null,
    relationship_status: 'single',
    tattoos: null,
    interests: ['board_games', 'some_new_thing'],
    is_fictional: false,
    blocked_by_me: false,
    liked_by_me: false,
    likes_me: false,
    match: false,
    photo_count: 3,
    photos: [
      { id: 1, filename: 'a.jpg', thumb_filename: 'a_t.jpg', locked: false },
      { id: 2, filename: null, thumb_filename: null, locked: true },
      { id: 3, filename: null, thumb_filename: null, locked: true },
    ],
    ...overrides,
  };
}

let fetchMock: ReturnType<typeof vi.fn>;
let searchAnswer: (url: URL) => Response;
let memberAnswer: () => Response;

function serve(input: string, init?: RequestInit): Response {
  const url = new URL(input, 'http://amora.test');
  const method = init?.method ?? 'GET';
  if (url.pathname === '/api/members') return searchAnswer(url);
  if (/^\/api\/members\/\d+\/block$/.test(url.pathname)) return new Response(null, { status: 204 });
  if (/^\/api\/members\/\d+$/.test(url.pathname) && method === 'GET') return memberAnswer();
  if (url.pathname === '/api/regions') return json(200, { regions: [{ code: 'NL-NH', name: 'North Holland' }] });
  return json(404, { error: 'not_found', params: {} });
}

const calls = (path: string) =>
  fetchMock.mock.calls.filter(([url]) => new URL(String(url), 'http://amora.test').pathname === path);

beforeAll(async () => {
  await setupTestI18n();
  await i18n.loadNamespaces(['discovery', 'profile', 'gifts']);
});
beforeEach(() => {
  seedStores({ settings: settingsFixture({ search_fields: ALL_FIELDS, countries: ['NL', 'DE'], fictional_icon: '★', fictional_warning: 'Marked profiles are run by our team.' }) });
  useSession.setState({ user: userFixture({ id: 7 }) });
  useSearch.getState().reset();
  useProfileCatalogs.getState().reset();
  searchAnswer = (url) => {
    const page = Number(url.searchParams.get('page'));
    return json(200, { results: [card(page * 100 + 1), card(page * 100 + 2)], numResults: 60, page, pages: 3, similar: [], liked: [] });
  };
  memberAnswer = () => json(200, { profile: memberFixture() });
  fetchMock = vi.fn((url: string, init?: RequestInit) => Promise.resolve(serve(url, init)));
  stubFetch(fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ user: null });
});

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/members', element: <MembersPage /> },
      { path: '/members/:id', element: <MemberProfilePage /> },
      { path: '/likes/m/:id', element: <MemberProfilePage /> },
      { path: '/login', element: <p>login page</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}


describe('filters and the URL', () => {
  const context = { fields: ALL_FIELDS, countries: ['NL', 'DE'], minAge: 18, maxAge: 99 };

  it('reads the filters from the query and writes them back', () => {
    const { filters, page } = filtersFromQuery('?gender=female&country=nl&region=NL-NH&min_age=25&max_age=40&page=3', context);
    expect(filters).toEqual({ ...NO_FILTERS, gender: 'female', country: 'NL', countryregion: 'NL-NH', min_age: 25, max_age: 40 });
    expect(page).toBe(3);
    expect(filtersToQuery(filters, page).toString()).toBe('gender=female&country=NL&region=NL-NH&min_age=25&max_age=40&page=3');
    expect(filtersToQuery(filters, 1).has('page')).toBe(false);
  });

  it('drops invalid values, unknown countries and a region without a country', () => {
    const { filters, page } = filtersFromQuery('?gender=robot&country=FR&region=NL-NH&min_age=12&max_age=abc&page=9999', context);
    expect(filters).toEqual(NO_FILTERS);
    expect(page).toBe(500);
    expect(filtersFromQuery('?min_age=50&max_age=30', context).filters).toMatchObject({ min_age: 30, max_age: 50 });
  });

  it('takes the ages the server allows, and leaves out its bounds', () => {
    const narrow = { ...context, minAge: 21, maxAge: 80 };
    expect(filtersFromQuery('?min_age=20&max_age=85', narrow).filters).toMatchObject({ min_age: null, max_age: null });
    expect(filtersFromQuery('?min_age=21&max_age=80', narrow).filters).toMatchObject({ min_age: null, max_age: null });
    expect(filtersFromQuery('?min_age=22&max_age=79', narrow).filters).toMatchObject({ min_age: 22, max_age: 79 });
  });

  it('ignores filters the site does not offer', () => {
    const limited = { ...context, fields: ['gender', 'region'] };
    expect(offeredFields(limited.fields)).toEqual(['gender']);
    const { filters } = filtersFromQuery('?gender=male&country=NL&region=NL-NH&min_age=30', limited);
    expect(filters).toEqual({ ...NO_FILTERS, gender: 'male' });
  });

  it('drops the region with a new country and keeps the ages in order', () => {
    const start = { ...NO_FILTERS, country: 'NL', countryregion: 'NL-NH', min_age: 30, max_age: 40 };
    expect(changeFilter(start, 'country', 'DE')).toMatchObject({ country: 'DE', countryregion: null });
    expect(changeFilter(start, 'min_age', '45')).toMatchObject({ min_age: 45, max_age: 45 });
    expect(changeFilter(start, 'max_age', '')).toMatchObject({ min_age: 30, max_age: null });
  });

  it('numbers the pages around the current one', () => {
    expect(pageWindow(6, 20)).toEqual([1, null, 5, 6, 7, null, 20]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
  });
});

describe('search store', () => {
  it('caches the pages and does not fetch a page again', async () => {
    const store = useSearch.getState();
    store.setFilters({ ...NO_FILTERS, gender: 'female' });
    await store.loadPage(1);
    await store.loadPage(2);
    const again = await useSearch.getState().loadPage(1);
    expect(again.results.map((m) => m.id)).toEqual([101, 102]);
    expect(calls('/api/members')).toHaveLength(2);
    expect(useSearch.getState().results.map((r) => r.pageNumber)).toEqual([1, 2]);
    expect(useSearch.getState().numResults).toBe(60);
    const query = new URL(String(calls('/api/members')[0]![0]), 'http://x').searchParams;
    expect(query.get('gender')).toBe('female');
    expect(query.get('page')).toBe('1');
  });

  it('empties the cache when a filter changes, not when the same filters are set', async () => {
    useSearch.getState().setFilters({ ...NO_FILTERS, gender: 'female' });
    await useSearch.getState().loadPage(1);
    useSearch.getState().setFilters({ ...NO_FILTERS, gender: 'female' });
    expect(useSearch.getState().results).toHaveLength(1);
    useSearch.getState().setFilters({ ...NO_FILTERS, gender: 'female', min_age: 30 });
    expect(useSearch.getState().results).toEqual([]);
    expect(useSearch.getState().numResults).toBeNull();
    await useSearch.getState().loadPage(1);
    expect(calls('/api/members')).toHaveLength(2);
  });

  it('keeps the similar results per page', async () => {
    searchAnswer = () => json(200, { results: [], numResults: 0, page: 1, pages: 0, similar: [card(9)], liked: [] });
    await useSearch.getState().loadPage(1);
    expect(useSearch.getState().similar).toEqual([{ pageNumber: 1, results: [card(9)] }]);
  });

  it('sends the stored traffic source for visitors only', async () => {
    localStorage.setItem(TRAFFIC_KEY, JSON.stringify({ network: 'partner1', capturedAt: 1 }));
    useSession.setState({ user: null });
    await useSearch.getState().loadPage(1);
    expect(new URL(String(calls('/api/members')[0]![0]), 'http://x').searchParams.get('network')).toBe('partner1');
    useSession.setState({ user: userFixture() });
    await useSearch.getState().loadPage(2);
    expect(new URL(String(calls('/api/members')[1]![0]), 'http://x').searchParams.has('network')).toBe(false);
  });
});

describe('filter bar', () => {
  it('shows only the site\'s search fields', () => {
    render(<FilterBar filters={NO_FILTERS} onChange={() => {}} fields={offeredFields(['gender', 'max_age'])} countries={['NL']} minAge={18} maxAge={99} />);
    expect(screen.getByTestId('filter-gender')).toBeInTheDocument();
    expect(screen.getByTestId('filter-max_age')).toBeInTheDocument();
    expect(screen.queryByTestId('filter-country')).toBeNull();
    expect(screen.queryByTestId('filter-region')).toBeNull();
    expect(screen.queryByTestId('filter-min_age')).toBeNull();
  });

  it('offers the ages the server allows', () => {
    render(<FilterBar filters={NO_FILTERS} onChange={() => {}} fields={offeredFields(['min_age', 'max_age'])} countries={['NL']} minAge={21} maxAge={80} />);
    const values = (id: string) => Array.from(screen.getByTestId(id).querySelectorAll('option'), (option) => option.textContent);
    fireEvent.focus(screen.getByTestId('filter-min_age'));
    expect(values('filter-min_age').at(0)).toBe('21');
    expect(values('filter-min_age').at(-1)).toBe('80');
    expect(values('filter-max_age').at(0)).toBe('80');
    expect(values('filter-max_age').at(-1)).toBe('79');
  });

  it('draws the long lists of options when the member reaches for them, showing the chosen one before', () => {
    const filters = { ...NO_FILTERS, country: 'DE', min_age: 30 };
    render(<FilterBar filters={filters} onChange={() => {}} fields={offeredFields(['country', 'min_age', 'max_age'])} countries={['NL', 'DE', 'BE']} minAge={18} maxAge={99} />);
    const values = (id: string) => Array.from(screen.getByTestId(id).querySelectorAll('option'), (option) => option.value);
    expect(values('filter-country')).toEqual(['', 'DE']);
    expect(screen.getByTestId('filter-country')).toHaveValue('DE');
    expect(values('filter-min_age')).toEqual(['', '30']);
    expect(screen.getByTestId('filter-min_age')).toHaveValue('30');
    expect(values('filter-max_age')).toEqual(['']);
    fireEvent.pointerDown(screen.getByTestId('filter-country'));
    expect(values('filter-country')).toEqual(['', 'BE', 'DE', 'NL']);
    expect(screen.getByTestId('filter-country')).toHaveValue('DE');
    fireEvent.keyDown(screen.getByTestId('filter-max_age'), { key: 'ArrowDown' });
    expect(values('filter-min_age')).toHaveLength(82);
    expect(values('filter-max_age')).toHaveLength(82);
    expect(screen.getByTestId('filter-min_age')).toHaveValue('30');
  });

  it('shows nothing when the site offers no filters', () => {
    render(<FilterBar filters={NO_FILTERS} onChange={() => {}} fields={[]} countries={['NL']} minAge={18} maxAge={99} />);
    expect(screen.queryByTestId('filter-bar')).toBeNull();
  });
});

describe('member cards', () => {
  it('shows the fictional badge on fictional profiles only', () => {
    const router = createMemoryRouter(
      [{ path: '*', element: <><MemberCardView member={card(1, { is_fictional: true })} /><MemberCardView member={card(2)} /></> }],
    );
    render(<RouterProvider router={router} />);
    const [fictional, real] = screen.getAllByTestId('member-card');
    expect(within(fictional!).getByTestId('fictional-badge')).toHaveTextContent('★');
    expect(within(real!).queryByTestId('fictional-badge')).toBeNull();
    expect(within(fictional!).getByRole('link')).toHaveAttribute('href', '/members/1');
  });

  it('says in one line why a search shows the member, and a fictional profile in words (issue 29.3)', () => {
    const found = { ...card(3, { is_fictional: true }), distance_km: 15, shared_interests: ['hiking', 'jazz'], online: true };
    const router = createMemoryRouter([{ path: '*', element: <><MemberCardView member={found} /><MemberCardView member={card(4)} /></> }]);
    render(<RouterProvider router={router} />);
    const [shown, plain] = screen.getAllByTestId('member-card');
    const why = within(shown!).getByTestId('member-why');
    expect(why).toHaveTextContent('15 km away');
    expect(why).toHaveTextContent(/In common: Hiking.+Jazz/);
    expect(why).toHaveTextContent('Online now');
    expect(within(shown!).getByTestId('fictional-badge')).toHaveClass('fictional-badge--labelled');
    expect(within(plain!).queryByTestId('member-why')).toBeNull();
  });
});

describe('members page', () => {
  it('searches with the filters of the URL and puts filter changes in the URL', async () => {
    const router = renderAt('/members?gender=female&min_age=25');
    expect(await screen.findAllByTestId('member-card')).toHaveLength(2);
    expect(screen.getByTestId('search-count')).toHaveTextContent('60');
    expect(screen.getByTestId('filter-gender')).toHaveValue('female');
    const query = new URL(String(calls('/api/members')[0]![0]), 'http://x').searchParams;
    expect(query.get('min_age')).toBe('25');

    fireEvent.change(screen.getByTestId('filter-gender'), { target: { value: 'male' } });
    await waitFor(() => expect(router.state.location.search).toBe('?gender=male&min_age=25'));
    await waitFor(() => expect(calls('/api/members')).toHaveLength(2));

    fireEvent.click(screen.getByTestId('page-2'));
    await waitFor(() => expect(router.state.location.search).toBe('?gender=male&min_age=25&page=2'));
    await screen.findByText('Member 201');
    await router.navigate(-1);
    await screen.findByText('Member 101');
    expect(calls('/api/members')).toHaveLength(3);
  });

  it('shows a capped count honestly, as "1,000+"', async () => {
    searchAnswer = (url) => {
      const page = Number(url.searchParams.get('page'));
      return json(200, { results: [card(page * 100 + 1)], numResults: 1000, numResultsCapped: true, page, pages: 42, next: page * 100 + 1, similar: [], liked: [] });
    };
    renderAt('/members');
    await screen.findAllByTestId('member-card');
    expect(screen.getByTestId('search-count')).toHaveTextContent('Members found: 1,000+');
    expect(screen.getByText('Page 1 of 42+')).toBeInTheDocument();
  });

  it('asks for the next page by the cursor of the page before', async () => {
    searchAnswer = (url) => {
      const page = Number(url.searchParams.get('page'));
      return json(200, { results: [card(page * 100 + 1)], numResults: 60, numResultsCapped: false, page, pages: 3, next: page * 100 + 1, similar: [], liked: [] });
    };
    const router = renderAt('/members');
    await screen.findByText('Member 101');
    expect(new URL(String(calls('/api/members')[0]![0]), 'http://x').searchParams.has('after')).toBe(false);
    fireEvent.click(screen.getByTestId('page-next'));
    await screen.findByText('Member 201');
    expect(new URL(String(calls('/api/members')[1]![0]), 'http://x').searchParams.get('after')).toBe('101');
    // Any page whose page before is known goes by that page's cursor.
    await router.navigate('/members?page=3');
    await screen.findByText('Member 301');
    expect(new URL(String(calls('/api/members')[2]![0]), 'http://x').searchParams.get('after')).toBe('201');
  });

  it('shows the similar members when few match, and the empty state', async () => {
    searchAnswer = () => json(200, { results: [], numResults: 0, page: 1, pages: 0, similar: [card(9, { name: 'Close match' })], liked: [] });
    renderAt('/members?country=NL');
    expect(await screen.findByTestId('search-empty')).toBeInTheDocument();
    expect(within(screen.getByTestId('search-similar')).getByText('Close match')).toBeInTheDocument();
    expect(screen.getByText('Similar members')).toBeInTheDocument();
  });

  it('asks visitors to log in when the site does not allow a logged-out search', async () => {
    useSession.setState({ user: null });
    searchAnswer = () => json(403, { error: 'authentication_required', params: {} });
    renderAt('/members');
    expect(await screen.findByTestId('login-prompt')).toBeInTheDocument();
    expect(screen.queryByTestId('member-card')).toBeNull();
  });

  it('goes to the last page when the page asked for is beyond it', async () => {
    searchAnswer = (url) =>
      url.searchParams.get('page') === '5'
        ? json(200, { results: [], numResults: 30, page: 5, pages: 2, similar: [], liked: [] })
        : json(200, { results: [card(201)], numResults: 30, page: 2, pages: 2, similar: [], liked: [] });
    const router = renderAt('/members?gender=male&page=5&after=401');
    await waitFor(() => expect(router.state.location.search).toBe('?gender=male&page=2'));
    expect(await screen.findByText('Member 201')).toBeInTheDocument();
  });

  it('comes back to the last search when opened without a query', async () => {
    useSearch.getState().setFilters({ ...NO_FILTERS, country: 'DE' });
    const router = renderAt('/members');
    await waitFor(() => expect(router.state.location.search).toBe('?country=DE'));
  });
});

describe('member profile', () => {
  it('shows the open photo, locked tiles and the premium note', async () => {
    renderAt('/members/5');
    expect(await screen.findByTestId('member-name')).toHaveTextContent('Lotte, 31');
    expect(screen.getByTestId('photo-count')).toHaveTextContent('1 / 3');
    expect(screen.getAllByTestId('locked-photo')).toHaveLength(2);
    expect(screen.getByTestId('locked-note')).toHaveTextContent('Premium members see all photos.');
    fireEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(screen.getByTestId('photo-count')).toHaveTextContent('2 / 3');
    expect(screen.getAllByTestId('locked-photo')).toHaveLength(3);
    // Attributes only when present; interests translated, or the key made readable.
    expect(within(screen.getByTestId('member-details')).getByText('Red')).toBeInTheDocument();
    expect(within(screen.getByTestId('member-details')).queryByText('Eye colour')).toBeNull();
    expect(within(screen.getByTestId('member-interests')).getByText('Board games')).toBeInTheDocument();
    expect(within(screen.getByTestId('member-interests')).getByText('Some new thing')).toBeInTheDocument();
    expect(await screen.findByText(/North Holland/)).toBeInTheDocument();
    expect(screen.queryByTestId('fictional-warning')).toBeNull();
  });

  it('says the member is online only when the server does', async () => {
    memberAnswer = () => json(200, { profile: memberFixture({ online: true }) });
    renderAt('/members/5');
    expect(await screen.findByTestId('online-badge')).toHaveTextContent('Online now');
  });

  it('warns on fictional profiles with the site\'s text', async () => {
    memberAnswer = () => json(200, { profile: memberFixture({ is_fictional: true }) });
    renderAt('/members/5');
    const notice = await screen.findByTestId('fictional-warning');
    expect(notice).toHaveTextContent('Marked profiles are run by our team.');
    // First on the page, before the photos and the actions: on phones the action bar
    // kept at the bottom of the screen covered it lower down (issue 29.5).
    expect(notice.compareDocumentPosition(screen.getByTestId('gallery')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(notice.compareDocumentPosition(screen.getByTestId('member-action-bar')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('blocks after confirming and goes back to the search with a notice', async () => {
    useSearch.getState().setFilters({ ...NO_FILTERS, gender: 'female' });
    await useSearch.getState().loadPage(1);
    const router = renderAt('/members/5');
    fireEvent.click(await screen.findByTestId('block-button'));
    expect(await screen.findByText('Block Lotte?')).toBeInTheDocument();
    expect(calls('/api/members/5/block')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('block-confirm'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/members'));
    const [, init] = calls('/api/members/5/block')[0]!;
    expect(init.method).toBe('POST');
    expect(await screen.findByTestId('block-notice')).toHaveTextContent('You blocked Lotte.');
    // The cached results were dropped: the search asks again without the blocked member.
    await waitFor(() => expect(calls('/api/members')).toHaveLength(2));
  });

  it('links to the complaints form about this member, for members and visitors', async () => {
    renderAt('/members/5');
    const actions = await screen.findByTestId('member-actions');
    expect(within(actions).getByTestId('report-link')).toHaveAttribute('href', '/complaints?member=5');
    expect(within(actions).getByTestId('report-link')).toHaveTextContent('Report this member');
  });

  it('does not block when the dialog is cancelled', async () => {
    renderAt('/members/5');
    fireEvent.click(await screen.findByTestId('block-button'));
    fireEvent.click(await screen.findByTestId('block-cancel'));
    await waitFor(() => expect(screen.queryByTestId('block-confirm')).toBeNull());
    expect(calls('/api/members/5/block')).toHaveLength(0);
  });

  it('unblocks a member blocked before', async () => {
    memberAnswer = () => json(200, { profile: memberFixture({ blocked_by_me: true }) });
    renderAt('/likes/m/5');
    expect(await screen.findByTestId('blocked-note')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('unblock-button'));
    expect(await screen.findByTestId('block-button')).toBeInTheDocument();
    expect(calls('/api/members/5/block')[0]![1].method).toBe('DELETE');
    expect(screen.getByTestId('unblock-notice')).toHaveTextContent('Lotte is no longer blocked.');
  });

  it('shows visitors a login prompt instead of the actions', async () => {
    useSession.setState({ user: null });
    renderAt('/members/5');
    expect(await screen.findByTestId('login-prompt')).toBeInTheDocument();
    expect(screen.queryByTestId('block-button')).toBeNull();
    expect(screen.queryByTestId('member-actions')).toBeNull();
    expect(screen.getByTestId('report-link')).toHaveAttribute('href', '/complaints?member=5');
  });

  it('shows a friendly screen when the profile is not available', async () => {
    memberAnswer = () => json(404, { error: 'member_not_found', params: {} });
    renderAt('/members/5');
    expect(await screen.findByTestId('member-unavailable')).toHaveTextContent('This profile is not available');
  });

  it('treats a path that is no member id as not available', async () => {
    expect(memberIdOf('12')).toBe(12);
    expect(memberIdOf('abc')).toBeNull();
    expect(memberIdOf('0')).toBeNull();
    renderAt('/members/abc');
    expect(await screen.findByTestId('member-unavailable')).toBeInTheDocument();
    expect(calls('/api/members/abc')).toHaveLength(0);
  });
});

describe('gifts and locked photos on a profile', () => {
  let unlockAnswer: () => Response;
  beforeEach(() => {
    useSession.setState({ user: userFixture({ id: 7, paid_user: false, credits: 20 }) });
    memberAnswer = () => json(200, { profile: memberFixture({ photo_credits: 5 }) });
    unlockAnswer = () => json(200, { photo: { id: 2, filename: 'b.jpg', thumb_filename: 'b_t.jpg', locked: false }, credits: 15 });
    fetchMock.mockImplementation((input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://amora.test');
      if (url.pathname === '/api/members/5/photos/2/unlock' && init?.method === 'POST') return Promise.resolve(unlockAnswer());
      if (url.pathname === '/api/gifts') return Promise.resolve(json(200, { gifts: [{ key: 'rose', price: 25 }], credits: 20 }));
      return Promise.resolve(serve(input, init));
    });
  });
  const toLockedPhoto = async () => {
    renderAt('/members/5');
    await screen.findByTestId('member-name');
    fireEvent.click(screen.getByRole('button', { name: 'Next photo' }));
  };

  it('offers a gift next to Like and Message', async () => {
    renderAt('/members/5');
    const actions = await screen.findByTestId('member-actions');
    fireEvent.click(within(actions).getByTestId('gift-button'));
    expect(await screen.findByRole('dialog')).toHaveTextContent('A gift for Lotte');
    expect(await screen.findAllByTestId('gift-option')).toHaveLength(1);
  });

  it('asks first with the price and the balance, then unlocks and shows the photo in its place (issue 29.5)', async () => {
    await toLockedPhoto();
    const offer = screen.getByTestId('unlock-offer');
    expect(within(offer).getByTestId('unlock-premium')).toHaveTextContent('Become premium to see all photos');
    expect(within(offer).getByTestId('unlock-premium')).toHaveAttribute('href', '/premium');
    expect(within(offer).getByTestId('unlock-photo')).toHaveTextContent('Unlock for 5 credits');
    fireEvent.click(within(offer).getByTestId('unlock-photo'));
    // One tap spends nothing: it asks, with what it costs and what I have.
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Unlock photo 2 of Lotte?');
    expect(within(dialog).getByTestId('unlock-confirm-terms')).toHaveTextContent('It costs 5 credits. You have 20.');
    expect(calls('/api/members/5/photos/2/unlock')).toHaveLength(0);
    fireEvent.click(within(dialog).getByTestId('unlock-confirm-yes'));
    await waitFor(() => expect(screen.getByRole('img', { name: 'Photo 2 of Lotte' })).toHaveAttribute('src', 'b.jpg'));
    expect(calls('/api/members/5/photos/2/unlock')).toHaveLength(1);
    expect(screen.queryByTestId('unlock-offer')).toBeNull();
    // One locked left (photo 3, as a thumbnail); the balance follows the server.
    expect(screen.getAllByTestId('locked-photo')).toHaveLength(1);
    expect(useSession.getState().user?.credits).toBe(15);
  });

  it('spends nothing when the question is cancelled', async () => {
    await toLockedPhoto();
    fireEvent.click(screen.getByTestId('unlock-photo'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByTestId('unlock-confirm-cancel'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls('/api/members/5/photos/2/unlock')).toHaveLength(0);
    expect(screen.getAllByTestId('locked-photo')).toHaveLength(3);
  });

  it('offers to buy credits instead of a confirmation when the balance is too low', async () => {
    useSession.setState({ user: userFixture({ id: 7, paid_user: false, credits: 2 }) });
    await toLockedPhoto();
    fireEvent.click(screen.getByTestId('unlock-photo'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('unlock-confirm-terms')).toHaveTextContent('It costs 5 credits. You have 2.');
    expect(within(dialog).getByTestId('unlock-confirm-short')).toHaveTextContent('That is more than you have.');
    expect(within(dialog).queryByTestId('unlock-confirm-yes')).toBeNull();
    expect(within(dialog).getByTestId('unlock-confirm-buy')).toHaveAttribute('href', '/credits');
    expect(calls('/api/members/5/photos/2/unlock')).toHaveLength(0);
  });

  const confirmUnlock = async () => {
    fireEvent.click(screen.getByTestId('unlock-photo'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByTestId('unlock-confirm-yes'));
  };

  it('offers to buy credits when the server finds too few after all', async () => {
    unlockAnswer = () => json(402, { error: 'not_enough_credits', params: { balance: 2, needed: 5 } });
    await toLockedPhoto();
    await confirmUnlock();
    const alert = await screen.findByTestId('unlock-error');
    expect(alert).toHaveTextContent("You don't have enough credits: this costs 5 and you have 2.");
    expect(within(alert).getByTestId('unlock-buy-credits')).toHaveAttribute('href', '/credits');
    expect(screen.getAllByTestId('locked-photo')).toHaveLength(3);
  });

  it('explains a photo that is open already (premium meanwhile)', async () => {
    unlockAnswer = () => json(409, { error: 'photo_already_open', params: {} });
    await toLockedPhoto();
    await confirmUnlock();
    expect(await screen.findByTestId('unlock-error')).toHaveTextContent('You can already see this photo.');
  });

  it('sells single photos only to logged-in free members, when the site does', async () => {
    useSession.setState({ user: userFixture({ id: 7, paid_user: true }) });
    await toLockedPhoto();
    expect(screen.queryByTestId('unlock-photo')).toBeNull();
    expect(screen.getByTestId('unlock-premium')).toBeInTheDocument();
    cleanup();

    useSession.setState({ user: userFixture({ id: 7, paid_user: false }) });
    memberAnswer = () => json(200, { profile: memberFixture({ photo_credits: 0 }) });
    await toLockedPhoto();
    expect(screen.queryByTestId('unlock-photo')).toBeNull();
    cleanup();

    useSession.setState({ user: null });
    memberAnswer = () => json(200, { profile: memberFixture({ photo_credits: 5 }) });
    await toLockedPhoto();
    expect(screen.queryByTestId('unlock-photo')).toBeNull();
    expect(screen.getByTestId('unlock-premium')).toBeInTheDocument();
  });
});
