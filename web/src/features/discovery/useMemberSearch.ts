import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LoginRequired } from '../../shared/api/errors';
import { useSiteSettings } from '../../shared/site';
import { type SearchFilters, filtersFromQuery, filtersOfAnswer, filtersToQuery, hasFilters } from './searchFilters';
import { type ResultPage, similarOf, useSearch } from './searchStore';

export type SearchStatus = { kind: 'loading' } | { kind: 'ready' } | { kind: 'login' } | { kind: 'error'; error: unknown };

/** The filters and page of the URL query, and the search of before when it has none. */
function useSearchQuery() {
  const settings = useSiteSettings();
  const location = useLocation();
  const { filters, page } = useMemo(
    () => filtersFromQuery(location.search, { fields: settings.search_fields, countries: settings.countries, minAge: settings.min_age, maxAge: settings.max_age }),
    [location.search, settings.search_fields, settings.countries, settings.min_age, settings.max_age],
  );
  // Before the store is read: the first page may have come with the page (bootData).
  useState(() => useSearch.getState().adoptBootPage(filters, page));
  // Coming back to /members without a query: the search of before (filters and page).
  const [restore] = useState(() => ({
    key: location.key,
    query: location.search ? '' : filtersToQuery(useSearch.getState().filters, useSearch.getState().page).toString(),
  }));
  const redirecting = restore.query !== '' && location.key === restore.key && !location.search;
  return { filters, page, restore, redirecting };
}

/** Runs the query's search (again on retry) and says where it stands. */
function useSearchStatus(filters: SearchFilters, page: number, redirecting: boolean, current: ResultPage | undefined) {
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
    if (redirecting) return;
    let live = true;
    setFilters(filters);
    loadPage(page).then(
      () => live && setAnswer({ asked, status: { kind: 'ready' } }),
      (error: unknown) => live && setAnswer({ asked, status: error instanceof LoginRequired ? { kind: 'login' } : { kind: 'error', error } }),
    );
    return () => {
      live = false;
    };
  }, [asked, filters, page, redirecting, setFilters, loadPage]);
  return { status, retry: () => setAttempt((n) => n + 1) };
}

/** /members' search: the query's filters and page, the store's answer, and moving between them. */
export function useMemberSearch() {
  const settings = useSiteSettings();
  const navigate = useNavigate();
  const { filters, page, restore, redirecting } = useSearchQuery();
  const pages = useSearch((s) => s.pages);
  const current = useSearch((s) => s.results.find((entry) => entry.pageNumber === page));
  const similar = useSearch((s) => similarOf(s.similar, page));
  const applied = useSearch((s) => s.applied);
  const { status, retry } = useSearchStatus(filters, page, redirecting, current);
  // No filters chosen: the bar shows what the server applied (a member's own defaults).
  const fromProfile = !hasFilters(filters) && applied !== null;
  const shown = fromProfile ? filtersOfAnswer(applied, { minAge: settings.min_age, maxAge: settings.max_age }, filters.order) : filters;

  // A page beyond the last one (an old link, fewer members now): show the last page.
  const beyond = status.kind === 'ready' && current !== undefined && current.results.length === 0 && pages > 0 && page > pages;
  useEffect(() => {
    if (beyond) void navigate({ search: `?${filtersToQuery(filters, pages).toString()}` }, { replace: true });
  }, [beyond, filters, pages, navigate]);

  const go = (next: SearchFilters, nextPage = 1) => {
    const query = filtersToQuery(next, nextPage).toString();
    void navigate({ search: query ? `?${query}` : '' });
  };
  const toPage = (nextPage: number) => {
    go(filters, nextPage);
    window.scrollTo?.({ top: 0, behavior: 'smooth' });
  };
  return { page, pages, current, similar, applied, status, retry, fromProfile, shown, restore, redirecting, go, toPage };
}

export type MemberSearch = ReturnType<typeof useMemberSearch>;
