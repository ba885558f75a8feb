/** The documents of the `legal` catalog namespace (web/src/locales/<lang>/legal.json). */
export type LegalDocument = 'terms' | 'privacy' | 'cookies' | 'ban' | 'return_policy' | 'service' | 'accessibility';

export interface LegalSection {
  heading: string;
  body: string;
}

export interface LegalText {
  title: string;
  intro: string;
  sections: Record<string, LegalSection>;
}

export interface FaqText {
  title: string;
  intro: string;
  items: Record<string, { q: string; a: string }>;
}

export function isLegalText(value: unknown): value is LegalText {
  return typeof value === 'object' && value !== null && 'sections' in value && 'title' in value;
}

export function isFaqText(value: unknown): value is FaqText {
  return typeof value === 'object' && value !== null && 'items' in value && 'title' in value;
}
