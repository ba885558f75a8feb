/**
 * What the server wrote into index.html (adapters/http/web_app.py): the site's settings
 * in the language it expects the app to choose, so the first screen need not wait for
 * GET /api/settings; with a session, the logged-in member (GET /api/user); on /members
 * without a query, the first page of the search. Absent under the Vite dev server, or
 * when the server could not tell.
 */
import type { BootSearch } from '../features/discovery';
import type { Settings, User } from '../shared/api/types';

export interface BootData {
  language: string;
  settings: Settings;
  user?: User;
  /** Page 1 of the search without filters (boot.ts hands it to the search). */
  search?: BootSearch;
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
