import { useSyncExternalStore } from 'react';

/** Bootstrap's lg breakpoint (spec section 9: 992 px): the desktop layouts from here on. */
export const DESKTOP_QUERY = '(min-width: 992px)';

/** Whether a media query matches now; follows it as the window changes (false without matchMedia). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (changed) => {
      if (typeof matchMedia !== 'function') return () => undefined;
      const media = matchMedia(query);
      media.addEventListener('change', changed);
      return () => media.removeEventListener('change', changed);
    },
    () => typeof matchMedia === 'function' && matchMedia(query).matches,
  );
}
