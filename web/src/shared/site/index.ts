/** The site's public module: its settings, its company and the language switch, for every other feature. */
export { companyAddress, countryName, prepareCountryNames } from './company';
export { useCompany } from './companyStore';
export { changeLanguage } from './language';
export { settingsQuery, useSettings, useSiteSettings } from './settingsStore';
