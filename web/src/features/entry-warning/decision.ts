/**
 * Whether to show the site-entry warning (spec section 2): once per visitor, unless
 * the app runs installed (standalone), the member is logged in, the site switched it
 * off (enable_site_entry_popup 'no', which the server already derives from the site's
 * optional country list), or the visitor skipped it before. Outside the default
 * layout it is shown only to visitors whose selected country is NL or DE.
 */
import type { LayoutName } from '../../app/routes';
import type { Settings } from '../../shared/api/types';

export const ENTRY_WARNING_SKIP_KEY = 'amora.entryWarning.skippedAt';
const RESTRICTED_LAYOUT_COUNTRIES = ['NL', 'DE'];

export interface EntryWarningInputs {
  settings: Pick<Settings, 'enable_site_entry_popup' | 'geoip_selected_country'> | null;
  layout: LayoutName;
  loggedIn: boolean;
  standalone: boolean;
  skippedAt: number | null;
}

export function shouldShowEntryWarning({ settings, layout, loggedIn, standalone, skippedAt }: EntryWarningInputs): boolean {
  if (!settings || loggedIn || standalone || skippedAt !== null) return false;
  if (settings.enable_site_entry_popup === 'no') return false;
  if (layout !== 'default') {
    const country = (settings.geoip_selected_country ?? '').toUpperCase();
    return RESTRICTED_LAYOUT_COUNTRIES.includes(country);
  }
  return true;
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
