/**
 * Support phone numbers (spec section 9: "format adjusted for US; hyphens and
 * whitespace removed").
 */

/** The tel: link: the number without hyphens, whitespace or visual brackets/dots. */
export function phoneHref(phone: string): string {
  return `tel:${phone.replace(/[\s\-().]/g, '')}`;
}

/**
 * The number as shown: US numbers (+1 and ten digits) as '+1 (555) 123-4567';
 * other numbers keep the grouping they were given in, with hyphens turned into
 * spaces, e.g. '+31 20-123 4567' → '+31 20 123 4567'.
 */
export function formatPhone(phone: string): string {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+1') && digits.length === 11) {
    return `+1 (${digits.slice(1, 4)}) ${digits.slice(4, 7)}-${digits.slice(7)}`;
  }
  return trimmed.replace(/-/g, ' ').replace(/\s+/g, ' ');
}
