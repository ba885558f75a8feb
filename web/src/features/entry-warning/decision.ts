/**
 * Whether to show the site-entry warning (spec section 2): once per visitor, unless
 * the app runs installed (standalone), the member is logged in, the site switched it
 * off (enable_site_entry_popup 'no', which the server already derives from the site's
 * optional country list), or the visitor skipped it before. Outside the default
 * layout it is shown only where the server says so (entry_popup_all_layouts: visitors
 * from NL and DE).
 */
import type { LayoutName } from '../../shared/routing/layout';
import type { Settings } from '../../shared/api/types';

export const ENTRY_WARNING_SKIP_KEY = 'amora.entryWarning.skippedAt';

export interface EntryWarningInputs {
  settings: Pick<Settings, 'enable_site_entry_popup' | 'entry_popup_all_layouts'> | null;
  layout: LayoutName;
  loggedIn: boolean;
  standalone: boolean;
  skippedAt: number | null;
}

export function shouldShowEntryWarning({ settings, layout, loggedIn, standalone, skippedAt }: EntryWarningInputs): boolean {
  if (!settings || loggedIn || standalone || skippedAt !== null) return false;
  if (settings.enable_site_entry_popup === 'no') return false;
  return layout === 'default' || settings.entry_popup_all_layouts;
}

export function readSkippedAt(): number | null {
  try {
    const value = Number(localStorage.getItem(ENTRY_WARNING_SKIP_KEY));
    return value > 0 ? value : null;
  } catch {
    return null;
  }
}

export function storeSkippedAt(now = Date.now()): void {
  try {
    localStorage.setItem(ENTRY_WARNING_SKIP_KEY, String(now));
  } catch {
    // Without storage the warning shows again next visit, which errs on the safe side.
  }
}

export { isStandalone } from '../../shared/displayMode';
