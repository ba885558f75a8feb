import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../shared/i18n/i18n';
import { LANGUAGES } from '../../shared/i18n/languages';
import { pathTo } from '../../shared/routing/paths';
import { companyFixture, settingsFixture } from '../../test/fixtures';
import { renderInRouter, seedStores, setupTestI18n } from '../../test/render';
import { ACCESSIBILITY_REVIEW, accessibilityValues, surveillanceAuthority } from './accessibilityStatement';
import { LegalPage } from './LegalPage';

const SECTIONS = ['standard', 'status', 'limitations', 'how', 'compatibility', 'feedback', 'enforcement', 'statement'];

describe('the accessibility statement (issue 34.6)', () => {
  beforeAll(() => setupTestI18n());
  afterEach(() => i18n.changeLanguage('en'));

  it('lives at /pages/accessibility', () => {
    expect(pathTo('accessibility')).toBe('/pages/accessibility');
  });

  it('names the standard, the status, the limitations, the dates and the support contacts', () => {
    seedStores({
      settings: settingsFixture({ support_email: 'help@amora.test', support_phone: '+31 20-123 4567' }),
      company: companyFixture(),
    });
    renderInRouter(<LegalPage document="accessibility" />, '/pages/accessibility');
    expect(screen.getByRole('heading', { level: 1, name: 'Accessibility statement' })).toBeInTheDocument();
    expect(screen.getByText('Last reviewed: 28 November 2026')).toBeInTheDocument();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual(
      expect.arrayContaining(['What we aim for', 'Compliance status', 'Known limitations', 'Feedback and contact', 'Enforcement']),
    );
    const text = document.body.textContent ?? '';
    expect(text).not.toMatch(/\{\{|\}\}/);
    expect(text).toContain('EN 301 549');
    expect(text).toContain('WCAG 2.2');
    expect(text).toContain('partially conforms');
    expect(text).toContain('prepared on 28 November 2026');
    // The company's support contacts, clickable.
    const feedback = document.getElementById('section-feedback')!;
    expect(within(feedback).getByRole('link', { name: 'help@amora.test' })).toHaveAttribute('href', 'mailto:help@amora.test');
    expect(within(feedback).getByText(/\+31 20 123 4567/)).toBeInTheDocument();
    // The contents list every section.
    const [contents] = screen.getAllByRole('navigation', { name: 'Contents' });
    expect(within(contents!).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(
      SECTIONS.map((id) => `#section-${id}`),
    );
  });

  it('points a Dutch company to the ACM, with its address on the web', () => {
    seedStores({ settings: settingsFixture(), company: companyFixture({ country: 'NL' }) });
    renderInRouter(<LegalPage document="accessibility" />);
    const enforcement = document.getElementById('section-enforcement')!;
    expect(enforcement.textContent).toContain(
      'Autoriteit Consument & Markt (ACM), https://www.acm.nl, the authority that supervises accessibility in the country where we are established (Netherlands)',
    );
    expect(within(enforcement).getByRole('link', { name: 'https://www.acm.nl' })).toHaveAttribute('href', 'https://www.acm.nl');
    expect(within(enforcement).getByRole('link', { name: 'Report a problem' })).toHaveAttribute('href', '/complaints');
  });

  it('points a company of another country to its national market-surveillance authority', () => {
    seedStores({ settings: settingsFixture(), company: companyFixture({ country: 'ES' }) });
    renderInRouter(<LegalPage document="accessibility" />);
    expect(document.getElementById('section-enforcement')!.textContent).toContain(
      'turn to the market-surveillance authority responsible for accessibility in the country where we are established (Spain).',
    );
  });

  it('still makes sense before the company is known', () => {
    seedStores({ settings: settingsFixture(), company: null });
    renderInRouter(<LegalPage document="accessibility" />);
    const text = document.getElementById('section-enforcement')!.textContent ?? '';
    expect(text).toContain('in the country where we are established.');
    expect(text).not.toMatch(/\(\)|\{\{/);
  });

  it('is in Dutch with the informal "je" and the date written the Dutch way', async () => {
    await i18n.changeLanguage('nl');
    seedStores({ settings: settingsFixture(), company: companyFixture() });
    renderInRouter(<LegalPage document="accessibility" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Toegankelijkheidsverklaring' })).toBeInTheDocument();
    expect(screen.getByText('Laatst gecontroleerd: 28 november 2026')).toBeInTheDocument();
    const text = document.body.textContent ?? '';
    expect(text).toContain('de Autoriteit Consument & Markt (ACM)');
    expect(text).toMatch(/\bje\b/);
    expect(text).not.toMatch(/\b[Uu]w?\b/);
  });

  it('is complete in every language: same sections, every value filled in', async () => {
    for (const language of LANGUAGES) {
      await i18n.changeLanguage(language);
      await i18n.loadNamespaces('legal');
      seedStores({ settings: settingsFixture(), company: companyFixture({ country: 'DE' }) });
      const { unmount } = renderInRouter(<LegalPage document="accessibility" />);
      expect(screen.getAllByRole('heading', { level: 2 }), language).toHaveLength(SECTIONS.length);
      const text = document.body.textContent ?? '';
      expect(text, language).not.toMatch(/\{\{|\}\}|accessibility\.authority/);
      expect(text, language).toContain('Marktüberwachungsstelle der Länder');
      expect(text, language).toContain('support@amora.test');
      expect(text, language).toContain('2026');
      unmount();
    }
  });
});

describe('accessibility values', () => {
  beforeAll(() => setupTestI18n());

  it('knows the authorities of the Netherlands and Germany and no others', () => {
    expect(surveillanceAuthority('nl')?.name).toBe('Autoriteit Consument & Markt (ACM)');
    expect(surveillanceAuthority('DE')?.name).toMatch(/^Marktüberwachungsstelle der Länder/);
    expect(surveillanceAuthority('FR')).toBeNull();
    expect(surveillanceAuthority(undefined)).toBeNull();
  });

  it('dates the review on the same day in every time zone and language', () => {
    const values = accessibilityValues(companyFixture(), 'de', i18n.t);
    expect(values.reviewedDate).toBe('28. November 2026');
    expect(values.preparedDate).toBe('28. November 2026');
    expect(new Date(ACCESSIBILITY_REVIEW.reviewed).toISOString()).toBe('2026-11-28T12:00:00.000Z');
  });
});
