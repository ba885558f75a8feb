import { useTranslation } from 'react-i18next';
import type { CompanyInfo, Settings } from '../../shared/api/types';
import { formatLongDate } from '../../shared/i18n/dates';
import { formatPhone } from '../../shared/phone';
import { companyAddress, countryName, useCompany, useSettings } from '../../shared/site';

export type LegalValues = Record<string, string | number>;

/** The interpolation values the legal texts use. */
export function legalValues(settings: Settings, company: CompanyInfo | null, language: string): LegalValues {
  return {
    siteName: settings.name,
    domain: settings.domain,
    companyName: company?.name ?? settings.name,
    companyAddress: company ? companyAddress(company, language) : '',
    country: company ? countryName(company.country, language) : '',
    kvk: company?.kvk ?? '',
    vatNumbers: company?.vat_numbers.join(', ') ?? '',
    tradenames: company?.tradenames.join(', ') ?? '',
    supportEmail: settings.support_email,
    supportPhone: formatPhone(settings.support_phone || company?.support_phone || ''),
    refundDays: settings.refund_days,
    minAge: settings.min_age,
    termsDate: company ? formatLongDate(company.terms_version) : '',
    fictionalPlural: settings.fictional_plural,
  };
}

export function useLegalValues(): LegalValues | null {
  const { i18n } = useTranslation();
  const settings = useSettings((s) => s.settings);
  const company = useCompany((s) => s.company);
  return settings ? legalValues(settings, company, i18n.language) : null;
}
