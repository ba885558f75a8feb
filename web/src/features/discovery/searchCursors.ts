/**
 * The cursors of the search's pages (issue 36.2): past the numbered pages (1 to
 * NUMBERED_PAGES) a page opens only from the page before it, by that page's `next` sent as
 * `after`. The cursors of the pages seen are kept for one search (its filters' key) in
 * sessionStorage, this tab only: after a reload, the back button or a restored tab, the
 * pages seen and the page before the one shown still open. New filters drop them.
 */
import { MAX_PAGE, NUMBERED_PAGES } from './searchFilters';

export const CURSORS_KEY = 'amora.searchCursors';

/** A page's number -> the cursor (`after`) that opens it. */
export type Cursors = Readonly<Record<number, number>>;

/** The cursors of one search: `key` is its filters' key (filtersKey). */
export interface KeptCursors {
  key: string;
  pages: Cursors;
}

export const NO_CURSORS: Cursors = Object.freeze({});

/** Whether page `page` can be opened: by its number, or by its known cursor. */
export function opensPage(page: number, cursors: Cursors): boolean {
  return page >= 1 && (page <= NUMBERED_PAGES || cursors[page] !== undefined);
}

const CURSOR = /^[1-9]\d{0,14}$/;

/** The cursors kept in this tab (none when none were kept, or they were not ours). */
export function readCursors(): KeptCursors {
  try {
    const kept: unknown = JSON.parse(sessionStorage.getItem(CURSORS_KEY) ?? 'null');
    if (typeof kept !== 'object' || kept === null) return { key: '', pages: NO_CURSORS };
    const { key, pages } = kept as { key?: unknown; pages?: unknown };
    if (typeof key !== 'string' || typeof pages !== 'object' || pages === null) return { key: '', pages: NO_CURSORS };
    const clean: Record<number, number> = {};
    for (const [page, after] of Object.entries(pages)) {
      const number = Number(page);
      if (Number.isInteger(number) && number > 1 && number <= MAX_PAGE && CURSOR.test(String(after))) clean[number] = Number(after);
    }
    return { key, pages: clean };
  } catch {
    return { key: '', pages: NO_CURSORS };
  }
}

/** Keeps one search's cursors for the tab; null forgets them. */
export function writeCursors(kept: KeptCursors | null): void {
  try {
    if (kept === null || Object.keys(kept.pages).length === 0) sessionStorage.removeItem(CURSORS_KEY);
    else sessionStorage.setItem(CURSORS_KEY, JSON.stringify(kept));
  } catch {
    // Storage refused (private mode, full): the cursors last as long as the page.
  }
}

/** The cursors once page `page` came: opened by `after` (when it was), followed by `next`. */
export function withPage(cursors: Cursors, page: number, after: number | undefined, next: number | null): Cursors {
  const pages: Record<number, number> = { ...cursors };
  if (after !== undefined && page > 1) pages[page] = after;
  if (next !== null) pages[page + 1] = next;
  else delete pages[page + 1];
  return pages;
}
