import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError, LoginRequired } from '../../shared/api/errors';
import { useSiteSettings } from '../../shared/site';
import { type Cursors, opensPage } from './searchCursors';
import { NUMBERED_PAGES, type SearchFilters, filtersFromQuery, filtersKey, filtersOfAnswer, filtersToQuery, hasFilters } from './searchFilters';
import { type ResultPage, cursorsOf, similarOf, useSearch } from './searchStore';

export type SearchStatus = { kind: 'loading' } | { kind: 'ready' } | { kind: 'login' } | { kind: 'error'; error: unknown };

/** The search's query: `?filters`, with the page past 1 and the cursor of a page past the numbered ones. */
function queryOf(filters: SearchFilters, page = 1, after?: number): string {
  const query = filtersToQuery(filters, page, after).toString();
  return query ? `?${query}` : '';
}

/** The filters, page and cursor of the URL query, and the search of before when it has none. */
function useSearchQuery() {
  const settings = useSiteSettings();
  const location = useLocation();
  const { filters, page, after } = useMemo(
    () => filtersFromQuery(location.search, { fields: settings.search_fields, countries: settings.countries, minAge: settings.min_age, maxAge: settings.max_age }),
    [location.search, settings.search_fields, settings.countries, settings.min_age, settings.max_age],
  );
  // Before the store is read: the first page may have come with the page (bootData).
  useState(() => useSearch.getState().adoptBootPage(filters, page));
  // Coming back to /members without a query: the search of before (filters, page and its cursor).
  const [restore] = useState(() => {
    const s = useSearch.getState();
    return { key: location.key, query: location.search ? '' : filtersToQuery(s.filters, s.page, cursorsOf(s)[s.page]).toString() };
  });
  const redirecting = restore.query !== '' && location.key === restore.key && !location.search;
  return { filters, page, after, restore, redirecting };
}

/** Runs the query's search (again on retry) and says where it stands; `idle`: nothing to run. */
function useSearchStatus(filters: SearchFilters, page: number, after: number | undefined, idle: boolean, current: ResultPage | undefined) {
  const location = useLocation();
  const setFilters = useSearch((s) => s.setFilters);
  const loadPage = useSearch((s) => s.loadPage);
  const [attempt, setAttempt] = useState(0);
  // The last answer, and what it answered: a page in the store keeps showing the last one
  // while its search runs again; another page is loading until its answer.
  const asked = `${location.search}/${attempt}`;
  const [answer, setAnswer] = useState<{ asked: string; status: SearchStatus } | null>(null);
  const status: SearchStatus = answer && (answer.asked === asked || current !== undefined) ? answer.status : { kind: 'loading' };

  useEffect(() => {
    if (idle) return;
    let live = true;
    setFilters(filters);
    loadPage(page, after).then(
      () => live && setAnswer({ asked, status: { kind: 'ready' } }),
      (error: unknown) => live && setAnswer({ asked, status: error instanceof LoginRequired ? { kind: 'login' } : { kind: 'error', error } }),
    );
    return () => {
      live = false;
    };
  }, [asked, filters, page, after, idle, setFilters, loadPage]);
  return { status, retry: () => setAttempt((n) => n + 1) };
}

interface Place {
  filters: SearchFilters;
  page: number;
  /** The URL's cursor, and the one the page is opened by (the URL's, else the tab's). */
  asked: number | undefined;
  after: number | undefined;
  cursors: Cursors;
}

/**
 * Where the URL should be instead (replaced), if anywhere: page 1 of the same search for a
 * page past the numbered ones that nothing opens (an old link: the tab does not know its
 * cursor, or the server said page_needs_cursor); the last page for a page beyond it (page 1
 * when the last one cannot be opened); the page's cursor in the URL when only the tab knew it.
 */
function fixedQuery({ filters, page, asked, after, cursors }: Place, lost: boolean, pages: number, beyond: boolean): string | null {
  if (lost) return queryOf(filters);
  if (beyond) return opensPage(pages, cursors) ? queryOf(filters, pages, cursors[pages]) : queryOf(filters);
  if (page > NUMBERED_PAGES && asked === undefined) return queryOf(filters, page, after);
  return null;
}

const needsCursor = (status: SearchStatus) => status.kind === 'error' && status.error instanceof ApiError && status.error.code === 'page_needs_cursor';

/** /members' search: the query's filters and page, the store's answer, and moving between them. */
export function useMemberSearch() {
  const settings = useSiteSettings();
  const navigate = useNavigate();
  const { filters, page, after: asked, restore, redirecting } = useSearchQuery();
  const key = filtersKey(filters);
  const cursors = useSearch((s) => cursorsOf(s, key));
  // The URL's cursor, else the one the tab knows; past the numbered pages, one is needed.
  const after = asked ?? cursors[page];
  const opens = (n: number) => n === page || opensPage(n, cursors);
  const pages = useSearch((s) => s.pages);
  const current = useSearch((s) => s.results.find((entry) => entry.pageNumber === page));
  const similar = useSearch((s) => similarOf(s.similar, page));
  const applied = useSearch((s) => s.applied);
  const unopened = page > NUMBERED_PAGES && after === undefined;
  const answered = useSearchStatus(filters, page, after, redirecting || unopened, current);
  const lost = unopened || needsCursor(answered.status);
  const status: SearchStatus = lost ? { kind: 'loading' } : answered.status;
  // No filters chosen: the bar shows what the server applied (a member's own defaults).
  const fromProfile = !hasFilters(filters) && applied !== null;
  const shown = fromProfile ? filtersOfAnswer(applied, { minAge: settings.min_age, maxAge: settings.max_age }, filters.order) : filters;

  // A page beyond the last one (an old link, fewer members now): the last page instead.
  const beyond = status.kind === 'ready' && current !== undefined && current.results.length === 0 && pages > 0 && page > pages;
  const fixed = redirecting ? null : fixedQuery({ filters, page, asked, after, cursors }, lost, pages, beyond);
  useEffect(() => {
    if (fixed !== null) void navigate({ search: fixed }, { replace: true });
  }, [fixed, navigate]);

  const go = (next: SearchFilters, nextPage = 1, nextAfter?: number) => {
    void navigate({ search: queryOf(next, nextPage, nextAfter) });
  };
  const toPage = (nextPage: number) => {
    go(filters, nextPage, cursors[nextPage]);
    window.scrollTo?.({ top: 0, behavior: 'smooth' });
  };
  return { page, pages, current, similar, applied, status, retry: answered.retry, fromProfile, shown, restore, redirecting, opens, go, toPage };
}

export type MemberSearch = ReturnType<typeof useMemberSearch>;
