/**
 * What the server wrote into index.html (adapters/http/web_app.py): the site's settings
 * in the language it expects the app to choose, so the first screen need not wait for
 * GET /api/settings; with a session, the logged-in member (GET /api/user); on /members
 * without a query, the first page of the search. Absent under the Vite dev server, or
 * when the server could not tell.
 */
import type { SearchPage } from '../features/discovery/discoveryApi';
import type { Settings, User } from '../shared/api/types';

export interface BootData {
  language: string;
  settings: Settings;
  user?: User;
  /** Page 1 of the search without filters, as `viewer` (a member id; null: a visitor) sees it. */
  search?: { viewer: number | null; answer: SearchPage };
}

export function readBootData(doc: Document = document): BootData | null {
  const text = doc.getElementById('boot-data')?.textContent;
  if (!text) return null;
  try {
    const data = JSON.parse(text) as Partial<BootData> | null;
    return data && typeof data.language === 'string' && data.settings && typeof data.settings === 'object'
      ? (data as BootData)
      : null;
  } catch {
    return null;
  }
}

let searchTaken = false;

/**
 * The search answer that came with the page, for the page's first search only (later
 * searches ask the server: the answer would be old by then).
 */
export function takeBootSearch(doc: Document = document): BootData['search'] | null {
  if (searchTaken) return null;
  searchTaken = true;
  return readBootData(doc)?.search ?? null;
}

/** Tests: as if the page had just loaded. */
export function forgetBootSearchTaken(): void {
  searchTaken = false;
}
