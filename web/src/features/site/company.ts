import type { CompanyInfo } from '../../shared/api/types';

/** A country's name in the member's language ('NL' → 'Nederland' / 'Netherlands'). */
export function countryName(code: string, language: string): string {
  if (!code) return '';
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** "street, postcode city, country" in the member's language. */
export function companyAddress(
  company: Pick<CompanyInfo, 'address' | 'postcode' | 'city' | 'country'>,
  language: string,
): string {
  return [company.address, `${company.postcode} ${company.city}`.trim(), countryName(company.country, language)]
    .filter(Boolean)
    .join(', ');
}
