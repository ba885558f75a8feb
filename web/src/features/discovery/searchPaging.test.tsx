/**
 * Paging by cursor (issue 36.2): past page 3 a page opens only from the page before it
 * (`after`, that page's `next`); the URL and the tab keep the cursors.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../shared/i18n/i18n';
import { useSession } from '../../shared/session';
import { settingsFixture, userFixture } from '../../test/fixtures';
import { stubFetch } from '../../test/fetchStub';
import { seedStores, setupTestI18n } from '../../test/render';
import { MembersPage } from './MembersPage';
import { Pagination, pageWindow } from './Pagination';
import { CURSORS_KEY, readCursors } from './searchCursors';
import { NO_FILTERS, filtersFromQuery, filtersToQuery } from './searchFilters';
import { useSearch } from './searchStore';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const card = (id: number) => ({ id, name: `Member ${id}`, gender: 'female', age: 30, country: 'NL', region: null, city: null, is_fictional: false, main_image: null });

const PAGES = 8;
let fetchMock: ReturnType<typeof vi.fn>;
let searchAnswer: (url: URL) => Response;

/** Like the server: page N's first card is N01 and its `next` is N01; above 3 a page needs `after`. */
function server(url: URL): Response {
  const page = Number(url.searchParams.get('page'));
  if (page > 3 && !url.searchParams.has('after')) return json(400, { error: 'page_needs_cursor', params: { max: 3 } });
  return json(200, { results: [card(page * 100 + 1)], numResults: 190, numResultsCapped: false, page, pages: PAGES, next: page < PAGES ? page * 100 + 1 : null, similar: [], liked: [] });
}

const searches = () =>
  fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://amora.test')).filter((url) => url.pathname === '/api/members');
const lastSearch = () => searches().at(-1)!.searchParams;

/** A new page load of the tab: the store starts from what the tab kept. */
function reloadStore() {
  const kept = readCursors();
  useSearch.getState().reset();
  useSearch.setState({ cursors: kept.pages, cursorsKey: kept.key });
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/members', element: <MembersPage /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

beforeAll(async () => {
  await setupTestI18n();
  await i18n.loadNamespaces(['discovery']);
});
beforeEach(() => {
  seedStores({ settings: settingsFixture({ search_fields: ['gender', 'country', 'region', 'min_age', 'max_age'], countries: ['NL'] }) });
  useSession.setState({ user: userFixture({ id: 7 }) });
  useSearch.getState().reset();
  searchAnswer = server;
  fetchMock = vi.fn((input: string) => {
    const url = new URL(input, 'http://amora.test');
    return Promise.resolve(url.pathname === '/api/members' ? searchAnswer(url) : json(404, { error: 'not_found', params: {} }));
  });
  stubFetch(fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useSession.setState({ user: null });
});

describe('the page numbers', () => {
  it('numbers only the pages that open, and ends with an ellipsis when the last does not', () => {
    expect(pageWindow(6, 20)).toEqual([1, null, 5, 6, 7, null, 20]);
    // Page 5 reached by next: 1 to 6 open (6 by page 5's next), the last page does not.
    expect(pageWindow(5, 11, (n) => n <= 6)).toEqual([1, null, 4, 5, 6, null]);
    // Back on page 2 after page 8: the farthest page seen stays a step away.
    expect(pageWindow(2, 11, (n) => n <= 8)).toEqual([1, 2, 3, null, 8, null]);
    // A shared link to page 7: neither page 6 nor the last is known.
    expect(pageWindow(7, 11, (n) => n <= 3 || n === 8)).toEqual([1, null, 7, 8, null]);
    expect(pageWindow(2, 3, (n) => n <= 3)).toEqual([1, 2, 3]);
  });

  it('keeps the cursor of a page past 3 in the URL, and only there', () => {
    const context = { fields: ['gender'], countries: [], minAge: 18, maxAge: 99 };
    expect(filtersFromQuery('?gender=male&page=5&after=401', context)).toMatchObject({ page: 5, after: 401 });
    expect(filtersFromQuery('?page=2&after=101', context).after).toBeUndefined();
    expect(filtersFromQuery('?page=5&after=-1', context).after).toBeUndefined();
    expect(filtersFromQuery('?page=5&after=x', context).after).toBeUndefined();
    expect(filtersToQuery({ ...NO_FILTERS, gender: 'male' }, 5, 401).toString()).toBe('gender=male&page=5&after=401');
    expect(filtersToQuery(NO_FILTERS, 3, 201).toString()).toBe('page=3');
  });
});

describe('the pagination', () => {
  it('leaves the jump to the farthest page seen to wider screens', () => {
    render(<Pagination page={5} pages={11} onPage={() => {}} opens={(n) => n <= 9} />);
    expect(Array.from(screen.getByTestId('pagination').querySelectorAll('li'), (item) => item.textContent?.trim())).toEqual(['1', '…', '4', '5', '6', '…', '9', '…']);
    expect(screen.getByTestId('page-9').closest('li')).toHaveClass('search-pagination__far');
    expect(screen.getByTestId('page-9').closest('li')?.previousElementSibling).toHaveClass('search-pagination__far');
    expect(screen.getByTestId('page-6').closest('li')).not.toHaveClass('search-pagination__far');
    expect(screen.getByTestId('pagination').querySelectorAll('.search-pagination__far')).toHaveLength(2);
    cleanup();
    // 1 2 3 … from page 1: no jump there, every number stays.
    render(<Pagination page={1} pages={11} onPage={() => {}} opens={(n) => n <= 3} />);
    expect(screen.getByTestId('pagination').querySelectorAll('.search-pagination__far')).toHaveLength(0);
  });
});

describe('paging by cursor', () => {
  it('goes past page 3 by the cursor of the page before, and the URL carries it', async () => {
    const router = renderAt('/members?gender=female');
    await screen.findByText('Member 101');
    for (const page of [2, 3, 4, 5]) {
      fireEvent.click(screen.getByTestId('page-next'));
      await screen.findByText(`Member ${page}01`);
    }
    expect(router.state.location.search).toBe('?gender=female&page=5&after=401');
    expect(lastSearch().get('after')).toBe('401');
    expect(searches().every((url) => Number(url.searchParams.get('page')) <= 3 || url.searchParams.has('after'))).toBe(true);
    // 1 … 4 [5] 6 …: no jump to page 8, whose cursor nobody knows.
    expect(Array.from(screen.getByTestId('pagination').querySelectorAll('li'), (item) => item.textContent?.trim())).toEqual(['1', '…', '4', '5', '6', '…']);
    expect(screen.queryByTestId('page-8')).toBeNull();
    expect(JSON.parse(sessionStorage.getItem(CURSORS_KEY)!)).toEqual({ key: 'gender=female', pages: { 2: 101, 3: 201, 4: 301, 5: 401, 6: 501 } });
  });

  it('opens the same page after a reload, and the page before it by the cursors the tab kept', async () => {
    sessionStorage.setItem(CURSORS_KEY, JSON.stringify({ key: '', pages: { 2: 101, 3: 201, 4: 301, 5: 401, 6: 501 } }));
    reloadStore();
    const router = renderAt('/members?page=5&after=401');
    await screen.findByText('Member 501');
    expect(lastSearch().get('after')).toBe('401');
    expect(screen.getByTestId('page-previous')).toBeEnabled();
    fireEvent.click(screen.getByTestId('page-4'));
    await screen.findByText('Member 401');
    expect(router.state.location.search).toBe('?page=4&after=301');
    expect(lastSearch().get('after')).toBe('301');
    // The back button: page 5 again, from the cache.
    const asked = searches().length;
    await router.navigate(-1);
    await screen.findByText('Member 501');
    expect(searches()).toHaveLength(asked);
  });

  it('disables previous only when the page before cannot be opened', async () => {
    renderAt('/members?page=7&after=601');
    await screen.findByText('Member 701');
    expect(screen.getByTestId('page-previous')).toBeDisabled();
    expect(screen.getByTestId('page-next')).toBeEnabled();
    expect(screen.queryByTestId('page-6')).toBeNull();
    expect(screen.getByTestId('page-8')).toBeInTheDocument();
    expect(screen.getByTestId('page-1')).toBeInTheDocument();
  });

  it('opens page 1 of the same search for a deep page without a cursor (an old link), asking nothing', async () => {
    const router = renderAt('/members?gender=male&page=7');
    await screen.findByText('Member 101');
    expect(router.state.location.search).toBe('?gender=male');
    expect(searches().map((url) => url.searchParams.get('page'))).toEqual(['1']);
    expect(screen.queryByTestId('search-error')).toBeNull();
  });

  it('opens page 1 when the server still says page_needs_cursor', async () => {
    searchAnswer = (url) => (url.searchParams.get('page') === '4' ? json(400, { error: 'page_needs_cursor', params: { max: 3 } }) : server(url));
    const router = renderAt('/members?gender=male&page=4&after=999');
    await screen.findByText('Member 101');
    expect(router.state.location.search).toBe('?gender=male');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.queryByTestId('search-error')).toBeNull();
  });

  it('puts the cursor the tab knows in a URL without one', async () => {
    sessionStorage.setItem(CURSORS_KEY, JSON.stringify({ key: '', pages: { 2: 101, 3: 201, 4: 301 } }));
    reloadStore();
    const router = renderAt('/members?page=4');
    await screen.findByText('Member 401');
    await waitFor(() => expect(router.state.location.search).toBe('?page=4&after=301'));
    expect(lastSearch().get('after')).toBe('301');
  });

  it('drops the cursors when the filters change', async () => {
    sessionStorage.setItem(CURSORS_KEY, JSON.stringify({ key: '', pages: { 2: 101, 3: 201, 4: 301 } }));
    reloadStore();
    const router = renderAt('/members?page=4&after=301');
    await screen.findByText('Member 401');
    fireEvent.change(screen.getByTestId('filter-gender'), { target: { value: 'male' } });
    await waitFor(() => expect(router.state.location.search).toBe('?gender=male'));
    await screen.findByText('Member 101');
    expect(readCursors()).toEqual({ key: 'gender=male', pages: { 2: 101 } });
    expect(useSearch.getState().cursors).toEqual({ 2: 101 });
  });
});
