/**
 * The document title (spec section 2): "(N) " when the member has N unread messages
 * plus new likes, then the page's title and the site's name. The home page shows the
 * site's index_title instead.
 */
import { useEffect } from 'react';
import { create } from 'zustand';

export const TITLE_SEPARATOR = ' · ';

export interface TitleParts {
  count: number;
  pageTitle: string | null;
  siteName: string;
  /** The home page's full title (settings.index_title); used as is. */
  homeTitle?: string | null;
}

export function composeTitle({ count, pageTitle, siteName, homeTitle }: TitleParts): string {
  const prefix = count > 0 ? `(${count}) ` : '';
  if (homeTitle) return prefix + homeTitle;
  return prefix + (pageTitle ? `${pageTitle}${TITLE_SEPARATOR}${siteName}` : siteName);
}

interface PageTitleState {
  pageTitle: string | null;
  home: boolean;
  set: (pageTitle: string | null, home?: boolean) => void;
}

export const usePageTitleStore = create<PageTitleState>()((set) => ({
  pageTitle: null,
  home: false,
  set: (pageTitle, home = false) => set({ pageTitle, home }),
}));

/** A page names itself; `home` marks the index page. */
export function usePageTitle(pageTitle: string | null, { home = false } = {}): void {
  useEffect(() => {
    usePageTitleStore.getState().set(pageTitle, home);
    return () => usePageTitleStore.getState().set(null);
  }, [pageTitle, home]);
}

type BadgeNavigator = Navigator & {
  setAppBadge?: (count?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
};

/** The count as the installed app's icon badge, where the browser supports it. */
export function setAppBadge(count: number, nav: BadgeNavigator = navigator as BadgeNavigator): void {
  try {
    if (count > 0) void nav.setAppBadge?.(count)?.catch(() => undefined);
    else void nav.clearAppBadge?.()?.catch(() => undefined);
  } catch {
    // Not allowed here (e.g. not installed): the title still shows the count.
  }
}
