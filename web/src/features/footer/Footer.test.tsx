import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PATHS } from '../../shared/routing/paths';
import { i18n } from '../../shared/i18n/i18n';
import { companyFixture, settingsFixture } from '../../test/fixtures';
import { renderInRouter, seedStores, setupTestI18n } from '../../test/render';
import { Disclaimer } from './Disclaimer';
import { Footer } from './Footer';

describe('Footer', () => {
  beforeAll(() => setupTestI18n());
  afterEach(() => i18n.changeLanguage('en'));

  it('links the legal and help pages that exist', () => {
    seedStores({ settings: settingsFixture(), company: companyFixture() });
    renderInRouter(<Footer />);
    const footer = screen.getByRole('contentinfo');
    const hrefs = within(footer)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(
      expect.arrayContaining([
        '/pages/terms',
        '/pages/privacy',
        '/pages/cookies',
        '/pages/ban',
        '/pages/return-policy',
        '/pages/accessibility',
        '/pages/faq',
        '/pages/service',
      ]),
    );
    expect(screen.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
    expect(screen.getByRole('link', { name: 'Complaints' })).toHaveAttribute('href', '/complaints');
    // The accessibility statement (European Accessibility Act, issue 34.6).
    expect(screen.getByRole('link', { name: 'Accessibility' })).toHaveAttribute('href', '/pages/accessibility');
    // How to date safely (issue 31.5).
    expect(screen.getByRole('link', { name: 'Safety tips' })).toHaveAttribute('href', '/safety');
  });

  it('leaves out a screen that is not registered', () => {
    const registry: Record<string, string> = PATHS;
    const complaints = registry.complaints!;
    delete registry.complaints;
    try {
      seedStores({ settings: settingsFixture(), company: companyFixture() });
      renderInRouter(<Footer />);
      expect(screen.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
      expect(screen.queryByText('Complaints')).toBeNull();
    } finally {
      registry.complaints = complaints;
    }
  });

  it('shows the company, its registration and the support contacts', () => {
    seedStores({
      settings: settingsFixture({ support_email: 'help@amora.test', support_phone: '+31 20-123 4567' }),
      company: companyFixture(),
    });
    renderInRouter(<Footer />);
    expect(screen.getByText('Amora Media B.V.')).toBeInTheDocument();
    expect(screen.getByText(/Keizersgracht 1, 1015 AA Amsterdam, Netherlands/)).toBeInTheDocument();
    expect(screen.getByText(/Company reg\. no\. 12345678/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'help@amora.test' })).toHaveAttribute('href', 'mailto:help@amora.test');
    expect(screen.getByRole('link', { name: '+31 20 123 4567' })).toHaveAttribute('href', 'tel:+31201234567');
  });

  it('shows the US footer only in English to visitors from the US', async () => {
    seedStores({ settings: settingsFixture({ geoip_country: 'US' }), company: companyFixture() });
    const { unmount } = renderInRouter(<Footer />);
    expect(screen.getByRole('heading', { name: /18 U\.S\.C\. 2257/ })).toBeInTheDocument();
    expect(screen.getByText(/custodian of records: Amora Media B\.V\., Keizersgracht 1/)).toBeInTheDocument();
    unmount();

    seedStores({ settings: settingsFixture({ geoip_country: 'NL', geoip_selected_country: 'US' }) });
    const second = renderInRouter(<Footer />);
    expect(screen.getByRole('heading', { name: /18 U\.S\.C\. 2257/ })).toBeInTheDocument();
    second.unmount();

    seedStores({ settings: settingsFixture({ geoip_country: 'NL', geoip_selected_country: 'NL' }) });
    const third = renderInRouter(<Footer />);
    expect(screen.queryByRole('heading', { name: /18 U\.S\.C\. 2257/ })).toBeNull();
    third.unmount();

    await i18n.changeLanguage('de');
    seedStores({ settings: settingsFixture({ geoip_country: 'US' }) });
    renderInRouter(<Footer />);
    expect(screen.queryByRole('heading', { name: /18 U\.S\.C\. 2257/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'AGB' })).toBeInTheDocument();
  });
});

describe('Disclaimer', () => {
  beforeAll(() => setupTestI18n());

  it('says adults only, discloses fictional profiles and the credit bundles', () => {
    seedStores({ settings: settingsFixture({ min_age: 21, fictional_plural: 'hosts', fictional_icon: '★' }) });
    renderInRouter(<Disclaimer />);
    const text = document.body.textContent ?? '';
    expect(text).toContain('you must be 21 or older');
    expect(text).toContain('people who do not exist (hosts); they are marked with ★');
    expect(text).toContain('there is no subscription');
  });

  it('is a named landmark, so that no text of the page lies outside one (axe: region)', () => {
    seedStores({ settings: settingsFixture() });
    renderInRouter(<Disclaimer />);
    expect(screen.getByRole('complementary', { name: 'About this site' })).toHaveTextContent('adults only');
  });

  it('leaves out the fictional profiles when the site has none', () => {
    seedStores({ settings: settingsFixture({ fictional_plural: '' }) });
    renderInRouter(<Disclaimer />);
    expect(document.body.textContent).not.toContain('do not exist');
  });
});
