import { create } from 'zustand';
import { answer, api } from '../../shared/api/client';
import type { CompanyInfo } from '../../shared/api/types';

interface CompanyState {
  company: CompanyInfo | null;
  /** Fetches the company info once; later calls reuse the first answer. */
  load: () => Promise<CompanyInfo | null>;
}

let pending: Promise<CompanyInfo | null> | null = null;

export const useCompany = create<CompanyState>()((set, get) => ({
  company: null,
  load() {
    const loaded = get().company;
    if (loaded) return Promise.resolve(loaded);
    pending ??= answer(api.GET('/api/companyinfo', { params: { query: { _force_domain: location.hostname } } }))
      .then((company) => {
        const value = company || null;
        set({ company: value });
        return value;
      })
      .finally(() => {
        pending = null;
      });
    return pending;
  },
}));
