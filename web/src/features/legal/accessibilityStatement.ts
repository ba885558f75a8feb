/**
 * The accessibility statement (European Accessibility Act, EN 301 549 / WCAG 2.2 AA): the
 * values its text in the `legal` catalog needs beyond the other legal texts'. The review's
 * dates change here when the site is measured again (axe-core in Chromium on the main
 * pages, tests/e2e/test_accessibility.py, and the manual checks the statement lists); the
 * text's "known limitations" are what that review left.
 */
import type { TFunction } from 'i18next';
import type { CompanyInfo } from '../../shared/api/types';
import { formatLongDate } from '../../shared/i18n/dates';
import { countryName } from '../../shared/site';
import type { LegalValues } from './legalValues';

export const ACCESSIBILITY_REVIEW = {
  /** When the statement was first prepared (noon UTC: the same day in every time zone). */
  prepared: '2026-11-28T12:00:00Z',
  /** When the site was last measured against it. */
  reviewed: '2026-11-28T12:00:00Z',
} as const;

export interface Authority {
  name: string;
  url?: string;
}

/**
 * The authorities that supervise the accessibility of services such as this one (the
 * European Accessibility Act's market surveillance), by the company's country. Only those
 * known for certain; any other country gets the general pointer to its national authority.
 */
export const SURVEILLANCE_AUTHORITIES: Readonly<Record<string, Authority>> = {
  NL: { name: 'Autoriteit Consument & Markt (ACM)', url: 'https://www.acm.nl' },
  DE: { name: 'Marktüberwachungsstelle der Länder für die Barrierefreiheit von Produkten und Dienstleistungen (MLBF)' },
};

export function surveillanceAuthority(country: string | undefined): Authority | null {
  return (country && SURVEILLANCE_AUTHORITIES[country.toUpperCase()]) || null;
}

/** The statement's own values: its dates in the reader's language and who enforces it. */
export function accessibilityValues(company: CompanyInfo | null, language: string, t: TFunction): LegalValues {
  const country = company ? countryName(company.country, language) : '';
  const known = surveillanceAuthority(company?.country);
  const authority = known
    ? t('legal:accessibility.authority.named', {
        name: known.url ? `${known.name}, ${known.url}` : known.name,
        country,
      })
    : t(country ? 'legal:accessibility.authority.generic' : 'legal:accessibility.authority.unknownCountry', { country });
  return {
    preparedDate: formatLongDate(ACCESSIBILITY_REVIEW.prepared, language),
    reviewedDate: formatLongDate(ACCESSIBILITY_REVIEW.reviewed, language),
    authority,
  };
}
