/**
 * The member search of the API contract (one member's calls: shared/members/membersApi).
 * Visitors send the stored traffic source (`network`) so the server can allow a
 * logged-out search for visitors who came through a partner (spec section 6).
 */
import { answer, api, retries } from '../../shared/api/client';
import { LoginRequired } from '../../shared/api/errors';
import { networkParam } from '../../shared/members/membersApi';
import type { components } from '../../shared/api/schema';
import type { Answer } from '../../shared/api/types';
import { useSession } from '../../shared/session';
import { takeBootSearch } from './bootSearch';
import { type SearchFilters, filtersKey, filtersToApiQuery } from './searchFilters';

/** A search result: a card and its one line of why it is shown (distance, shared interests, online). */
export type SearchCard = components['schemas']['SearchCard'];

export interface SearchPage {
  /** The filters the server applied: the member's own, or what their profile seeks. */
  filters?: components['schemas']['SearchFiltersApplied'];
  results: SearchCard[];
  /** How many match, counted up to the server's cap (1,000). */
  numResults: number;
  /** More than numResults match: shown as "1,000+". */
  numResultsCapped: boolean;
  page: number;
  pages: number;
  /** The cursor (`after`) of the next page; null on the last page. */
  next: number | null;
  similar: SearchCard[];
  /** Whom of the members shown (results and similar) I like; empty for a visitor. */
  liked: number[];
}


/**
 * /members opened without a query: the page brought this very answer (index.html). Only
 * for the page's first search (takeBootSearch), and only when it is the search asked for.
 */
export function bootAnswer(filters: SearchFilters, page: number, after?: number | null): SearchPage | null {
  const early = takeBootSearch();
  const viewer = useSession.getState().user?.id ?? null;
  if (early && early.viewer === viewer && page === 1 && !after && !networkParam() && filtersKey(filters) === '') return early.answer;
  return null;
}

export type PhotoUnlocked = Answer<'unlockPhoto'>;

export const discoveryApi = {
  /** A page of results; `after` (the page before's `next`) lets the server seek to the
   *  page by its sort key instead of skipping the pages before it. */
  async search(filters: SearchFilters, page: number, after?: number | null, signal?: AbortSignal): Promise<SearchPage> {
    const network = networkParam();
    const early = bootAnswer(filters, page, after);
    if (early) return early;
    const data = await answer(
      api.GET('/api/members', { params: { query: { ...filtersToApiQuery(filters), page, after: after ?? undefined, network } }, signal }),
    );
    if (!data) throw new LoginRequired();
    return data;
  },
  /** Opens one locked photo for the site's photo_credits. Charging twice is impossible here
   *  (the server books one unlock per photo), but a click answers at once: no retry. */
  async unlockPhoto(memberId: number, photoId: number): Promise<PhotoUnlocked> {
    const params = { path: { member_id: memberId, photo_id: photoId } };
    const data = await answer(api.POST('/api/members/{member_id}/photos/{photo_id}/unlock', { params, ...retries(0) }));
    if (!data) throw new LoginRequired();
    return data;
  },
};
