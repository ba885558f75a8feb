/** Navigation badge rules (spec section 2 and 9). */

export const LOW_CREDITS = 10;

export interface CreditsBadge {
  label: string;
  variant: 'warning' | 'danger';
}

/** Paid users see their credits when 10 or fewer: warning above 0, danger at 0. */
export function creditsBadge(user: { paid_user: boolean; credits: number }): CreditsBadge | null {
  if (!user.paid_user || user.credits > LOW_CREDITS) return null;
  const credits = Math.max(0, user.credits);
  return { label: String(credits), variant: credits > 0 ? 'warning' : 'danger' };
}

/** Paid users get the credits link, everyone else the premium link. */
export function moneyLink(user: { paid_user: boolean }): 'credits' | 'premium' {
  return user.paid_user ? 'credits' : 'premium';
}
