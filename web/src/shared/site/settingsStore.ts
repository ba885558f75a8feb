import { create } from 'zustand';
import { answer, api } from '../api/client';
import type { Settings } from '../api/types';

interface SettingsState {
  settings: Settings | null;
  /** Fetches the site's settings for this host, in `language`, with the route's query. */
  load: (language: string, search?: string) => Promise<Settings>;
}

/** The query of GET /api/settings: _force_domain, lang and the current route's query. */
export function settingsQuery(hostname: string, language: string, search = ''): URLSearchParams {
  const query = new URLSearchParams(search);
  query.set('_force_domain', hostname);
  query.set('lang', language);
  return query;
}

export const useSettings = create<SettingsState>()((set) => ({
  settings: null,
  async load(language, search = location.search) {
    const query = Object.fromEntries(settingsQuery(location.hostname, language, search));
    const settings = await answer(api.GET('/api/settings', { params: { query } }));
    if (!settings) throw new Error('settings unavailable');
    set({ settings });
    return settings;
  },
}));

/** The settings once booted; the app renders only after they arrived. */
export function useSiteSettings(): Settings {
  const settings = useSettings((s) => s.settings);
  if (!settings) throw new Error('useSiteSettings before the settings were loaded');
  return settings;
}
