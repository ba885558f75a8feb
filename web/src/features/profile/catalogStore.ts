/**
 * The profile catalogs: the interest keys and the regions of each country (named in
 * the interface language). Each is fetched only if not loaded yet (spec section 7);
 * concurrent callers share one request.
 */
import { create } from 'zustand';
import { type Region, profileApi } from './profileApi';

/** The key of a region list: country and language, e.g. `NL:nl`. */
export const regionKey = (country: string, language: string) => `${country}:${language}`;

interface CatalogState {
  interests: string[] | null;
  regions: Record<string, Region[]>;
  loadInterests: () => Promise<string[]>;
  loadRegions: (country: string, language: string) => Promise<Region[]>;
  reset: () => void;
}

let interestsPending: Promise<string[]> | null = null;
const regionsPending = new Map<string, Promise<Region[]>>();

export const useProfileCatalogs = create<CatalogState>()((set, get) => ({
  interests: null,
  regions: {},
  loadInterests() {
    const loaded = get().interests;
    if (loaded) return Promise.resolve(loaded);
    interestsPending ??= profileApi
      .interests()
      .then((interests) => {
        set({ interests });
        return interests;
      })
      .finally(() => {
        interestsPending = null;
      });
    return interestsPending;
  },
  loadRegions(country, language) {
    const key = regionKey(country, language);
    const loaded = get().regions[key];
    if (loaded) return Promise.resolve(loaded);
    let pending = regionsPending.get(key);
    if (!pending) {
      pending = profileApi
        .regions(country, language)
        .then((regions) => {
          set((s) => ({ regions: { ...s.regions, [key]: regions } }));
          return regions;
        })
        .finally(() => regionsPending.delete(key));
      regionsPending.set(key, pending);
    }
    return pending;
  },
  reset() {
    interestsPending = null;
    regionsPending.clear();
    set({ interests: null, regions: {} });
  },
}));
