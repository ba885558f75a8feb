import { lazy } from 'react';
import { i18n } from '../../shared/i18n/i18n';
import { useIsLoggedIn } from '../../shared/session';
import { useSignup } from '../../shared/signup/signupStore';

/**
 * The layouts' signup slot: the modal, while it is open for a visitor. The modal and its
 * texts load only when a visitor opens the signup, and with them what app/ puts into the
 * wizard's slots (`loadSlots`: app/slots/signupSlots.tsx, see slots.ts).
 */
export function signupModalSlot(loadSlots: () => Promise<unknown>) {
  const SignupModal = lazy(() =>
    Promise.all([import('./SignupModal'), i18n.loadNamespaces('account'), loadSlots()]).then(([module]) => ({
      default: module.SignupModal,
    })),
  );
  return function SignupSlot() {
    const open = useSignup((s) => s.open);
    const loggedIn = useIsLoggedIn();
    if (!open || loggedIn) return null;
    return <SignupModal />;
  };
}
