import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../shared/i18n/i18n';
import { LANGUAGES } from '../../shared/i18n/languages';
import { settingsFixture } from '../../test/fixtures';
import { renderInRouter, seedStores, setupTestI18n } from '../../test/render';
import { SafetyPage } from './SafetyPage';

describe('the safety page (issue 31.5)', () => {
  beforeAll(async () => {
    await setupTestI18n();
  });
  afterAll(() => i18n.changeLanguage('en'));

  it('tells the rules, the scammers’ patterns, how to report and how to meet', async () => {
    await i18n.loadNamespaces('safety');
    seedStores({ settings: settingsFixture({ name: 'Lovely' }) });
    renderInRouter(<SafetyPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Dating safely on Lovely');
    const rules = screen.getByTestId('safety-rules');
    expect(within(rules).getAllByRole('listitem')).toHaveLength(4);
    expect(rules).toHaveTextContent('Never send money or gift cards');
    expect(rules).toHaveTextContent('Keep talking on Lovely');
    const signs = screen.getByTestId('safety-signs');
    expect(signs).toHaveTextContent('WhatsApp');
    expect(signs).toHaveTextContent('A sudden emergency');
    expect(signs).toHaveTextContent('An investment that can');
    expect(within(signs).getAllByRole('blockquote')).toHaveLength(3);
    const report = screen.getByTestId('safety-report');
    expect(within(report).getByRole('link', { name: 'report form' })).toHaveAttribute('href', '/complaints');
    expect(within(report).getByTestId('safety-report-form')).toHaveAttribute('href', '/complaints');
    expect(screen.getByTestId('safety-meeting')).toHaveTextContent('Meet in a busy public place');
    expect(screen.getByTestId('safety-scammed')).toHaveTextContent('If you have already sent money');
  });

  it.each(LANGUAGES)('is written in %s, with the site name filled in and no key left', async (language) => {
    await i18n.changeLanguage(language);
    await i18n.loadNamespaces('safety');
    seedStores({ settings: settingsFixture({ name: 'Lovely' }) });
    const { container } = renderInRouter(<SafetyPage />);
    const text = container.textContent ?? '';
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Lovely');
    expect(text).not.toMatch(/{{|}}|\b(rules|signs|shield|report|meeting|scammed)\.(items|steps|heading|intro|text|title|after|cta|example)\b/);
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(11);
    expect(within(screen.getByTestId('safety-report')).getAllByRole('link').every((link) => link.getAttribute('href') === '/complaints')).toBe(true);
  });
});
