import type { CompanyInfo } from '../api/types';

// One Intl.DisplayNames per language: making one costs far more than asking it (the
// search filter names some 200 countries, every member card one).
const regionNames = new Map<string, Intl.DisplayNames | null>();

function namesIn(language: string): Intl.DisplayNames | null {
  let names = regionNames.get(language);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([language], { type: 'region' });
    } catch {
      names = null;
    }
    regionNames.set(language, names);
  }
  return names;
}

/**
 * Makes the region names of `language` ahead, in a task of its own (some 15-20 ms of a
 * phone's main thread): boot.ts asks while the company's details are on their way, so the
 * footer's address does not make them in the middle of its render.
 */
export function prepareCountryNames(language: string): void {
  setTimeout(() => namesIn(language), 0);
}

/** A country's name in the member's language ('NL' → 'Nederland' / 'Netherlands'). */
export function countryName(code: string, language: string): string {
  if (!code) return '';
  try {
    return namesIn(language)?.of(code.toUpperCase()) ?? code;
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
