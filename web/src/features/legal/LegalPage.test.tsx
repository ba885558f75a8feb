import { fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { companyFixture, settingsFixture } from '../../test/fixtures';
import { renderInRouter, seedStores, setupTestI18n } from '../../test/render';
import { FaqPage } from './FaqPage';
import { LegalBody, parseBody } from './LegalBody';
import { LegalPage } from './LegalPage';
import { legalValues } from './legalValues';

describe('parseBody', () => {
  it('splits paragraphs on blank lines and gathers "- " lines into lists', () => {
    expect(parseBody('First line\nsame paragraph\n\n- one\n- two\n\nLast')).toEqual([
      { kind: 'paragraph', lines: ['First line', 'same paragraph'] },
      { kind: 'list', items: ['one', 'two'] },
      { kind: 'paragraph', lines: ['Last'] },
    ]);
    expect(parseBody('Intro:\n- a\n- b')).toEqual([
      { kind: 'paragraph', lines: ['Intro:'] },
      { kind: 'list', items: ['a', 'b'] },
    ]);
  });

  it('renders e-mail addresses as mailto links', () => {
    renderInRouter(<LegalBody body={'Write to help@amora.test.'} />);
    expect(screen.getByRole('link', { name: 'help@amora.test' })).toHaveAttribute('href', 'mailto:help@amora.test');
  });
});

describe('legal values', () => {
  it('fills every value the legal texts use', () => {
    const values = legalValues(
      settingsFixture({ support_phone: '+1 555 123 4567', refund_days: 14 }),
      companyFixture({ vat_numbers: ['A', 'B'], tradenames: ['X', 'Y'] }),
      'en',
    );
    expect(values).toMatchObject({
      siteName: 'Amora',
      domain: 'amora.test',
      companyName: 'Amora Media B.V.',
      companyAddress: 'Keizersgracht 1, 1015 AA Amsterdam, Netherlands',
      country: 'Netherlands',
      kvk: '12345678',
      vatNumbers: 'A, B',
      tradenames: 'X, Y',
      supportEmail: 'support@amora.test',
      supportPhone: '+1 (555) 123-4567',
      refundDays: 14,
      minAge: 18,
      fictionalPlural: 'hosts',
    });
    expect(values.termsDate).toMatch(/2023/);
  });
});

describe('legal pages', () => {
  beforeAll(() => setupTestI18n());

  it('render the terms with their sections, the date and no placeholders left', () => {
    seedStores({ settings: settingsFixture(), company: companyFixture() });
    renderInRouter(<LegalPage document="terms" />);
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Last updated: 1 December 2023')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThan(3);
    // The desktop column and, for smaller screens, the same contents folded above the text.
    const [column, folded] = screen.getAllByRole('navigation', { name: 'Contents' });
    expect(within(column!).getAllByRole('link').length).toBeGreaterThan(3);
    expect(within(folded!).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(
      within(column!).getAllByRole('link').map((link) => link.getAttribute('href')),
    );
    expect(document.body.textContent).not.toMatch(/\{\{/);
    expect(document.body.textContent).toContain('Amora Media B.V.');
  });

  it('fold their contents on phones and fold them again once a section is chosen', () => {
    seedStores({ settings: settingsFixture(), company: companyFixture() });
    renderInRouter(<LegalPage document="privacy" />);
    const folded = screen.getByTestId('folded-contents') as HTMLDetailsElement;
    expect(folded).toHaveClass('d-lg-none');
    expect(folded.open).toBe(false);
    folded.open = true; // as a tap on its summary does (jsdom does not toggle <details>)
    fireEvent.click(within(folded).getAllByRole('link')[1]!);
    expect(folded.open).toBe(false);
  });

  it('offer the FAQ in the support card, except on the FAQ itself', () => {
    seedStores({ settings: settingsFixture(), company: companyFixture() });
    const { unmount } = renderInRouter(<LegalPage document="terms" />, '/pages/terms');
    for (const card of document.querySelectorAll('.support-card')) {
      expect(within(card as HTMLElement).getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/pages/faq');
    }
    unmount();
    renderInRouter(<FaqPage />, '/pages/faq');
    expect(document.querySelectorAll('.support-card').length).toBeGreaterThan(0);
    for (const card of document.querySelectorAll('.support-card')) {
      expect(within(card as HTMLElement).queryByRole('link', { name: 'FAQ' })).toBeNull();
    }
  });

  it('render the FAQ as an accordion', () => {
    seedStores({ settings: settingsFixture(), company: companyFixture() });
    renderInRouter(<FaqPage />);
    expect(screen.getAllByRole('button').length).toBeGreaterThan(3);
    expect(document.body.textContent).not.toMatch(/\{\{/);
  });
});
