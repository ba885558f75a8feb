/**
 * The first page of the search that came with the page (index.html), handed over by the
 * start-up (app/boot.ts): the search feature does not read what app/ composes.
 */
import type { SearchPage } from './discoveryApi';

/** Page 1 of the search without filters, as `viewer` (a member id; null: a visitor) sees it. */
export interface BootSearch {
  viewer: number | null;
  answer: SearchPage;
}

let offered: BootSearch | null = null;

/** The start-up hands over the page's search answer (or null when none came). */
export function offerBootSearch(search: BootSearch | null): void {
  offered = search;
}

/**
 * The search answer that came with the page, for the page's first search only (later
 * searches ask the server: the answer would be old by then).
 */
export function takeBootSearch(): BootSearch | null {
  const search = offered;
  offered = null;
  return search;
}
