/**
 * Opening the signup (spec section 2): a signup started from a landing link opens as a
 * modal on desktop (992 px and wider) and as the /signup page on smartphones; a member
 * who is already logged in goes to the members area instead.
 */
import { create } from 'zustand';
import { membersAreaPath } from '../routing/guard';
import { appNavigate } from '../routing/navigate';
import { pathTo } from '../routing/paths';
import { registerSessionReset, useSession } from '../session';

export const DESKTOP_QUERY = '(min-width: 992px)';

export function isDesktop(): boolean {
  return typeof matchMedia === 'function' && matchMedia(DESKTOP_QUERY).matches;
}

interface SignupModalState {
  open: boolean;
  /** Opens the signup the right way for this visitor and screen. */
  openSignup: () => void;
  closeSignup: () => void;
}

export const useSignup = create<SignupModalState>()((set) => ({
  open: false,
  openSignup() {
    if (useSession.getState().user) {
      set({ open: false });
      appNavigate(membersAreaPath());
    } else if (isDesktop()) {
      set({ open: true });
    } else {
      appNavigate(pathTo('signup'));
    }
  },
  closeSignup: () => set({ open: false }),
}));

registerSessionReset(() => useSignup.setState({ open: false }));

export const openSignup = () => useSignup.getState().openSignup();
