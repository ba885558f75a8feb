/** Counter badges (spec sections 2 and 9): in the navigation and the chat list. */

export const BADGE_CAP = 99;

/** The text of a counter badge: nothing at 0, the number up to 99, then '99+'. */
export function counterBadge(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(Math.floor(count));
}
