/** The profile catalogs of the API contract: the interest keys, and a country's regions in a language. */
import { answer, api } from '../api/client';
import type { Answer } from '../api/types';

export type Region = Answer<'getRegions'>['regions'][number];

export const catalogsApi = {
  interests: async (): Promise<string[]> => {
    const data = await answer(api.GET('/api/interests'));
    return data ? data.interests : [];
  },
  regions: async (country: string, lang: string): Promise<Region[]> => {
    const data = await answer(api.GET('/api/regions', { params: { query: { country, lang } } }));
    return data ? data.regions : [];
  },
};
