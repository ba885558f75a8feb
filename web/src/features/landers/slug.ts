/**
 * Landing-page slugs (spec section 1): the niche prefix of the site (settings.niche_slug:
 * '', 'she-', 'bdsm-', 'bbw-', 'gilf-', 'milf-' or 'gay-') followed by the locale code,
 * where English is written 'eng' ('she-nl', 'eng', 'gay-eng'). The word 'auto' in a slug
 * stands for the visitor's current locale ('she-auto').
 */

/** The niche prefixes by settings.niche (1 none ... 7 gay). */
export const NICHE_PREFIXES = ['', 'she-', 'bdsm-', 'bbw-', 'gilf-', 'milf-', 'gay-'] as const;

/** How a locale is written in a slug: 'en' → 'eng', others as they are. */
function slugCode(locale: string): string {
  const code = locale.trim().toLowerCase();
  return code === 'en' ? 'eng' : code;
}

/** The slug of a lander for this niche and locale: ('she-', 'en') → 'she-eng'. */
export function landerSlug(prefix: string, locale: string): string {
  return `${prefix.trim().toLowerCase()}${slugCode(locale)}`;
}

/**
 * The locale a slug asks for: 'she-nl' → 'nl', 'eng' → 'en', 'she-auto' → `current`.
 * null when there is no slug, the slug is of another niche, or its locale is not one of
 * `locales` (the languages the site offers) — the page then keeps the visitor's language.
 */
export function slugLocale(
  slug: string | undefined,
  prefix: string,
  locales: readonly string[],
  current: string,
): string | null {
  if (!slug) return null;
  const wanted = slug.trim().toLowerCase();
  const niche = prefix.trim().toLowerCase();
  if (!wanted.startsWith(niche)) return null;
  const code = wanted.slice(niche.length);
  if (code === 'auto') return current || null;
  // English is written 'eng'; a plain 'en' is understood too.
  const locale = code === 'eng' ? 'en' : code;
  if (!/^[a-z]{2}$/.test(locale)) return null;
  return locales.includes(locale) ? locale : null;
}
