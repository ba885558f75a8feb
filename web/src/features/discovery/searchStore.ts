/**
 * The search state (spec section 3): the filters (gender, country, countryregion,
 * min_age, max_age), the result pages fetched so far (pageNumber plus results) with
 * numResults, and the similar results likewise. Going back to a page shows it from the
 * cache; changing a filter empties the cache, and so does a login or logout. A page whose
 * cursor is known (the page before's `next`) is asked for by it, which the server finds as
 * fast as page 1 however deep it is; past the numbered pages it must be (issue 36.2). The
 * cursors seen outlive the cache: they are kept for the tab (searchCursors).
 */
import { create } from 'zustand';
import { type Query, serverQuery } from '../../shared/api/serverQuery';
import { onBlocksChanged } from '../../shared/members';
import { useSession } from '../../shared/session';
import { type SearchCard, type SearchPage, bootAnswer, discoveryApi } from './discoveryApi';
import { type Cursors, NO_CURSORS, readCursors, withPage, writeCursors } from './searchCursors';
import { NO_FILTERS, type SearchFilters, filtersKey } from './searchFilters';

export interface ResultPage {
  pageNumber: number;
  results: SearchCard[];
  /** The cursor of the page after this one (null: the last page). */
  next?: number | null;
  /** The cursor it was asked for by (undefined: by its number). */
  after?: number;
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
  /** The cursors of the pages seen, and the key of the filters they belong to (kept for
   *  the tab: a reload starts from them). */
  cursors: Cursors;
  cursorsKey: string;
  /** Sets the filters; when any of them changed, the cached pages are dropped. */
  setFilters: (filters: SearchFilters) => void;
  /** A page of results: from the cache, else fetched (one request per page at a time), by
   *  `after` when given (the URL's), else by its known cursor, else by its number. */
  loadPage: (page: number, after?: number) => Promise<ResultPage>;
  /** Takes the answer that came with the page (bootData) when it is this search's: the
   *  first cards then render with the page itself, not one render later. */
  adoptBootPage: (filters: SearchFilters, page: number) => void;
  /** Drops the cached results but keeps the filters (after a block, for instance); the
   *  cursors too when asked (another viewer: the pages are not theirs). */
  invalidate: (forgetCursors?: boolean) => void;
  reset: () => void;
}

interface PageKey {
  filters: SearchFilters;
  page: number;
  /** The cursor that opens it (the page before's `next`), when known. */
  after: number | undefined;
}

// The result pages (shared/api/serverQuery): one request per page at a time. Dropping
// the cache forgets the requests on their way; an answer still counts while its filters
// are the search's (after a block, the page asked for goes on loading).
const pages: Query<PageKey, SearchPage> = serverQuery({
  fetch: ({ filters, page, after }) => discoveryApi.search(filters, page, after),
  keep(answer, { filters, page, after }) {
    if (filtersKey(useSearch.getState().filters) === filtersKey(filters)) useSearch.setState((s) => stateOf(page, answer, s, after));
  },
  keyOf: ({ filters, page, after }) => `${filtersKey(filters)}#${page}@${after ?? ''}`,
});

const empty = { applied: null, results: [], similar: [], numResults: null, numResultsCapped: false, pages: 0, liked: [] };

const kept = readCursors();

export const useSearch = create<SearchState>()((set, get) => ({
  filters: NO_FILTERS,
  page: 1,
  ...empty,
  cursors: kept.pages,
  cursorsKey: kept.key,
  setFilters(filters) {
    const key = filtersKey(filters);
    if (key === filtersKey(get().filters)) return;
    pages.forget();
    // The cursors kept are this search's after a reload; other filters drop them.
    set({ filters, page: 1, ...empty, ...(key === get().cursorsKey ? {} : { cursors: NO_CURSORS, cursorsKey: key }) });
  },
  loadPage(page, asked) {
    const state = get();
    const after = asked ?? cursorsOf(state)[page];
    const cached = state.results.find((entry) => entry.pageNumber === page && (entry.after === after || after === undefined));
    if (cached) {
      set({ page });
      return Promise.resolve(cached);
    }
    return pages.fetch({ filters: state.filters, page, after }).then((answer) => entryOf(page, answer, after));
  },
  adoptBootPage(filters, page) {
    if (filtersKey(filters) !== filtersKey(get().filters) || get().results.length) return;
    const answer = bootAnswer(filters, page);
    if (answer) set(stateOf(page, answer, get()));
  },
  invalidate(forgetCursors = false) {
    pages.forget();
    set({ ...empty, ...(forgetCursors ? { cursors: NO_CURSORS } : {}) });
  },
  reset() {
    pages.forget();
    set({ filters: NO_FILTERS, page: 1, ...empty, cursors: NO_CURSORS, cursorsKey: '' });
  },
}));

/** The cursors of the search's filters (none while those kept are another search's). */
export function cursorsOf(s: Pick<SearchState, 'filters' | 'cursors' | 'cursorsKey'>, key = filtersKey(s.filters)): Cursors {
  return s.cursorsKey === key ? s.cursors : NO_CURSORS;
}

// The tab keeps the cursors (a reload, a restored tab), in step with the store.
useSearch.subscribe((state, previous) => {
  if (state.cursors !== previous.cursors || state.cursorsKey !== previous.cursorsKey) writeCursors({ key: state.cursorsKey, pages: state.cursors });
});

/** The similar results that came with a page (page 1 only, when few members match). */
const NONE: SearchCard[] = [];
export function similarOf(similar: ResultPage[], page: number): SearchCard[] {
  return similar.find((entry) => entry.pageNumber === page)?.results ?? NONE;
}

// Results depend on who is looking (blocks, hidden members): a login or logout drops them,
// and the cursors with them; the start-up's member (a reload) keeps the tab's cursors.
useSession.subscribe((state, previous) => {
  if ((state.user?.id ?? null) !== (previous.user?.id ?? null)) useSearch.getState().invalidate(previous.loaded);
});

/** Blocks a member (or lifts the block): the cached results were who the search showed
 *  before, so they go. */
// A member blocked or unblocked (profile, conversation): the pages kept are stale.
onBlocksChanged(() => useSearch.getState().invalidate());

function entryOf(page: number, answer: SearchPage, after?: number): ResultPage {
  return { pageNumber: page, results: answer.results, next: answer.next, after };
}

/** The state once `answer` (page `page`, asked for by `after` if given) is in. */
function stateOf(page: number, answer: SearchPage, s: SearchState, after?: number): Partial<SearchState> {
  const entry = entryOf(page, answer, after);
  const key = filtersKey(s.filters);
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
    cursors: withPage(cursorsOf(s, key), page, after, answer.next ?? null),
    cursorsKey: key,
  };
}
