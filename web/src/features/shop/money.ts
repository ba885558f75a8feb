/**
 * Money on screen: the API speaks whole cents plus an ISO currency; members read it in
 * their interface language ("€ 14,99" in nl, "€14.99" in en, "14,99 €" in de).
 */

const formats = new Map<string, Intl.NumberFormat>();

function currencyFormat(language: string, currency: string): Intl.NumberFormat {
  const key = `${language}|${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, { style: 'currency', currency });
    formats.set(key, format);
  }
  return format;
}

/** Cents as money in the language: formatMoney(1499, 'EUR', 'en') → "€14.99". */
export function formatMoney(cents: number, currency: string, language: string): string {
  try {
    return currencyFormat(language, currency).format(cents / 100);
  } catch {
    // An unknown currency code: still show the amount rather than nothing.
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

/** The price of one credit, rounded to the currency's usual digits. */
export function formatPerCredit(cents: number, credits: number, currency: string, language: string): string {
  return credits > 0 ? formatMoney(cents / credits, currency, language) : '';
}

/** "25%" in the language (de: "25 %", fr: "25 %"). */
export function formatPercentage(percentage: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 }).format(percentage / 100);
}
