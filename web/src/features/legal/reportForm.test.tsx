import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../shared/i18n/i18n';
import { LANGUAGES } from '../../shared/i18n/languages';
import { companyFixture, settingsFixture } from '../../test/fixtures';
import { renderInRouter, seedStores, setupTestI18n } from '../../test/render';
import { LegalBody } from './LegalBody';
import { LegalPage } from './LegalPage';

beforeAll(() => setupTestI18n());

describe('the legal texts point to the report form (issue 30.4)', () => {
  it('renders [words](/path) as a link within the site', () => {
    renderInRouter(<LegalBody body={'Use our [report form](/complaints), or write to help@amora.test.'} />);
    expect(screen.getByRole('link', { name: 'report form' })).toHaveAttribute('href', '/complaints');
    expect(screen.getByRole('link', { name: 'help@amora.test' })).toHaveAttribute('href', 'mailto:help@amora.test');
    expect(document.body.textContent).not.toContain('](');
  });

  it.each([...LANGUAGES])('in %s: reports go to the form, not to the support address', async (language) => {
    await i18n.changeLanguage(language);
    await i18n.loadNamespaces(['legal']);
    seedStores({ settings: settingsFixture(), company: companyFixture() });
    const { unmount } = renderInRouter(<LegalPage document="ban" />);
    const reporting = document.getElementById('section-reporting')!;
    expect(within(reporting).getByRole('link')).toHaveAttribute('href', '/complaints');
    expect(reporting.textContent).not.toContain('support@amora.test');
    unmount();
    const legal = (document: string) => JSON.stringify(i18n.getResource(language, 'legal', document));
    for (const document of ['terms', 'privacy', 'faq']) expect(legal(document)).toContain('](/complaints)');
    await i18n.changeLanguage('en');
  });
});
