import { create } from 'zustand';
import { answer, api } from '../api/client';
import { type Query, serverQuery } from '../api/serverQuery';
import type { CompanyInfo } from '../api/types';

interface CompanyState {
  company: CompanyInfo | null;
  /** Fetches the company info once; later calls reuse the first answer. */
  load: () => Promise<CompanyInfo | null>;
}

const companyQuery: Query<void, CompanyInfo | null> = serverQuery({
  fetch: async () => (await answer(api.GET('/api/companyinfo', { params: { query: { _force_domain: location.hostname } } }))) || null,
  keep: (company) => useCompany.setState({ company }),
  known: () => useCompany.getState().company ?? undefined,
});

export const useCompany = create<CompanyState>()(() => ({
  company: null,
  load: () => companyQuery.load(),
}));
