import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { useCompany } from '../shared/site/companyStore';
import { useSettings } from '../shared/site/settingsStore';
import type { CompanyInfo, Settings } from '../shared/api/types';
import { i18n, initI18n } from '../shared/i18n/i18n';
import type { Language } from '../shared/i18n/languages';

/** The real i18n set-up with the real catalogs, in `language` (English by default). */
export async function setupTestI18n(language: Language = 'en'): Promise<void> {
  if (!i18n.isInitialized) await initI18n(language);
  else if (i18n.language !== language) await i18n.changeLanguage(language);
  await i18n.loadNamespaces(['common', 'legal', 'account']);
}

export function seedStores({ settings, company }: { settings?: Settings | null; company?: CompanyInfo | null }) {
  if (settings !== undefined) useSettings.setState({ settings });
  if (company !== undefined) useCompany.setState({ company });
}

/** Renders `ui` inside a memory router at `path`. */
export function renderInRouter(ui: ReactElement, path = '/') {
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  return { router, ...render(<RouterProvider router={router} />) };
}
