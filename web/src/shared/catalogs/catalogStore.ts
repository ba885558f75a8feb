/**
 * The profile catalogs: the interest keys and the regions of each country (named in
 * the interface language). Each is fetched only if not loaded yet (spec section 7).
 */
import { create } from 'zustand';
import { type Query, serverQuery } from '../api/serverQuery';
import { type Region, catalogsApi } from './catalogsApi';

/** The key of a region list: country and language, e.g. `NL:nl`. */
export const regionKey = (country: string, language: string) => `${country}:${language}`;

interface CatalogState {
  interests: string[] | null;
  regions: Record<string, Region[]>;
  loadInterests: () => Promise<string[]>;
  loadRegions: (country: string, language: string) => Promise<Region[]>;
  reset: () => void;
}

// One query per catalog (shared/api/serverQuery): concurrent callers share one request.
const interestsQuery: Query<void, string[]> = serverQuery({
  fetch: () => catalogsApi.interests(),
  keep: (interests) => useProfileCatalogs.setState({ interests }),
  known: () => useProfileCatalogs.getState().interests ?? undefined,
});

const regionsQuery: Query<{ country: string; language: string }, Region[]> = serverQuery({
  fetch: ({ country, language }) => catalogsApi.regions(country, language),
  keep: (regions, { country, language }) =>
    useProfileCatalogs.setState((s) => ({ regions: { ...s.regions, [regionKey(country, language)]: regions } })),
  known: ({ country, language }) => useProfileCatalogs.getState().regions[regionKey(country, language)],
  keyOf: ({ country, language }) => regionKey(country, language),
});

export const useProfileCatalogs = create<CatalogState>()((set) => ({
  interests: null,
  regions: {},
  loadInterests: () => interestsQuery.load(),
  loadRegions: (country, language) => regionsQuery.load({ country, language }),
  reset() {
    interestsQuery.clear();
    regionsQuery.clear();
    set({ interests: null, regions: {} });
  },
}));
