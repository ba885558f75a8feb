/**
 * The search state (spec section 3): the filters (gender, country, countryregion,
 * min_age, max_age), the result pages fetched so far (pageNumber plus results) with
 * numResults, and the similar results likewise. Going back to a page shows it from the
 * cache; changing a filter empties the cache, and so does a login or logout. The page
 * after a cached one is asked for by that page's cursor (`next`), which the server finds
 * as fast as page 1 however deep it is.
 */
import { create } from 'zustand';
import { type Query, serverQuery } from '../../shared/api/serverQuery';
import { onBlocksChanged } from '../../shared/members';
import { useSession } from '../../shared/session';
import { type SearchCard, type SearchPage, bootAnswer, discoveryApi } from './discoveryApi';
import { NO_FILTERS, type SearchFilters, filtersKey } from './searchFilters';

export interface ResultPage {
  pageNumber: number;
  results: SearchCard[];
  /** The cursor of the page after this one (null: the last page). */
  next?: number | null;
}

interface SearchState {
  filters: SearchFilters;
  /** The filters the server applied to the results (its defaults when none were chosen). */
  applied: NonNullable<SearchPage['filters']> | null;
  /** The page last shown, to come back to it. */
  page: number;
  results: ResultPage[];
  similar: ResultPage[];
  numResults: number | null;
  /** More members match than numResults (the server stops counting at a cap). */
  numResultsCapped: boolean;
  /** How many pages the search has (from the last answer). */
  pages: number;
  /** Whom of the cards shown so far I like, as the answers said (the likes lists load later). */
  liked: number[];
  /** Sets the filters; when any of them changed, the cached pages are dropped. */
  setFilters: (filters: SearchFilters) => void;
  /** A page of results: from the cache, else fetched (one request per page at a time). */
  loadPage: (page: number) => Promise<ResultPage>;
  /** Takes the answer that came with the page (bootData) when it is this search's: the
   *  first cards then render with the page itself, not one render later. */
  adoptBootPage: (filters: SearchFilters, page: number) => void;
  /** Drops the cached results but keeps the filters (after a block, for instance). */
  invalidate: () => void;
  reset: () => void;
}

interface PageKey {
  filters: SearchFilters;
  page: number;
  /** The cursor of the page before it, when that one was loaded. */
  after: number | null | undefined;
}

// The result pages (shared/api/serverQuery): one request per page at a time. Dropping
// the cache forgets the requests on their way; an answer still counts while its filters
// are the search's (after a block, the page asked for goes on loading).
const pages: Query<PageKey, SearchPage> = serverQuery({
  fetch: ({ filters, page, after }) => discoveryApi.search(filters, page, after),
  keep(answer, { filters, page }) {
    if (filtersKey(useSearch.getState().filters) === filtersKey(filters)) useSearch.setState((s) => stateOf(page, answer, s));
  },
  keyOf: ({ filters, page }) => `${filtersKey(filters)}#${page}`,
});

const empty = { applied: null, results: [], similar: [], numResults: null, numResultsCapped: false, pages: 0, liked: [] };

export const useSearch = create<SearchState>()((set, get) => ({
  filters: NO_FILTERS,
  page: 1,
  ...empty,
  setFilters(filters) {
    if (filtersKey(filters) === filtersKey(get().filters)) return;
    pages.forget();
    set({ filters, page: 1, ...empty });
  },
  loadPage(page) {
    const state = get();
    const cached = state.results.find((entry) => entry.pageNumber === page);
    if (cached) {
      set({ page });
      return Promise.resolve(cached);
    }
    const after = state.results.find((entry) => entry.pageNumber === page - 1)?.next;
    return pages.fetch({ filters: state.filters, page, after }).then((answer) => entryOf(page, answer));
  },
  adoptBootPage(filters, page) {
    if (filtersKey(filters) !== filtersKey(get().filters) || get().results.length) return;
    const answer = bootAnswer(filters, page);
    if (answer) set(stateOf(page, answer, get()));
  },
  invalidate() {
    pages.forget();
    set({ ...empty });
  },
  reset() {
    pages.forget();
    set({ filters: NO_FILTERS, page: 1, ...empty });
  },
}));

/** The similar results that came with a page (page 1 only, when few members match). */
const NONE: SearchCard[] = [];
export function similarOf(similar: ResultPage[], page: number): SearchCard[] {
  return similar.find((entry) => entry.pageNumber === page)?.results ?? NONE;
}

// Results depend on who is looking (blocks, hidden members): a login or logout drops them.
useSession.subscribe((state, previous) => {
  if ((state.user?.id ?? null) !== (previous.user?.id ?? null)) useSearch.getState().invalidate();
});

/** Blocks a member (or lifts the block): the cached results were who the search showed
 *  before, so they go. */
// A member blocked or unblocked (profile, conversation): the pages kept are stale.
onBlocksChanged(() => useSearch.getState().invalidate());

function entryOf(page: number, answer: SearchPage): ResultPage {
  return { pageNumber: page, results: answer.results, next: answer.next };
}

/** The state once `answer` (page `page`) is in. */
function stateOf(page: number, answer: SearchPage, s: SearchState): Partial<SearchState> {
  const entry = entryOf(page, answer);
  const shown = new Set([...answer.results, ...answer.similar].map((card) => card.id));
  return {
    page,
    applied: answer.filters ?? null,
    results: [...s.results.filter((r) => r.pageNumber !== page), entry],
    similar: answer.similar.length
      ? [...s.similar.filter((r) => r.pageNumber !== page), { pageNumber: page, results: answer.similar }]
      : s.similar,
    numResults: answer.numResults,
    numResultsCapped: answer.numResultsCapped,
    pages: answer.pages,
    liked: [...s.liked.filter((id) => !shown.has(id)), ...answer.liked],
  };
}
