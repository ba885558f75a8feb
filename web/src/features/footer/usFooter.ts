/**
 * The US-only footer. Spec section 1: "The English build has an extra US-only
 * footer." It is English by definition (shown only when the interface language is
 * English and the visitor is in the United States), so its text lives here and not
 * in the 11 catalogs.
 */
import type { CompanyInfo, Settings } from '../../shared/api/types';

export function usFooterApplies(
  language: string,
  settings: Pick<Settings, 'geoip_country' | 'geoip_selected_country'> | null,
): boolean {
  if (language !== 'en' || !settings) return false;
  return settings.geoip_country === 'US' || settings.geoip_selected_country === 'US';
}

export interface UsFooterText {
  heading: string;
  paragraphs: string[];
}

export function usFooterText(
  company: Pick<CompanyInfo, 'name' | 'address' | 'postcode' | 'city'> & { countryName: string },
  minAge: number,
): UsFooterText {
  const address = [company.address, `${company.postcode} ${company.city}`.trim(), company.countryName]
    .filter(Boolean)
    .join(', ');
  return {
    heading: '18 U.S.C. 2257 Record-Keeping Requirements Compliance Statement',
    paragraphs: [
      `All persons who appear in any visual depiction of actual or simulated sexually explicit conduct on this website were at least eighteen (18) years of age at the time such depictions were created. Records required by 18 U.S.C. 2257 and 28 C.F.R. 75 for materials contained on this website are kept by the custodian of records: ${company.name}, ${address}.`,
      `Content uploaded by members is the responsibility of the members who upload it; ${company.name} is not the primary producer of such content within the meaning of 18 U.S.C. 2257(h)(2)(B).`,
      `This service is intended for adults only. You must be at least ${Math.max(18, minAge)} years old, and of legal age in your state, to use it.`,
    ],
  };
}
