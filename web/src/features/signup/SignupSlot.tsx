import { lazy } from 'react';
import { i18n } from '../../shared/i18n/i18n';
import { useIsLoggedIn } from '../../shared/session';
import { useSignup } from '../../shared/signup/signupStore';

// The modal and its texts load only when a visitor opens the signup.
const SignupModal = lazy(() =>
  Promise.all([import('./SignupModal'), i18n.loadNamespaces('account')]).then(([module]) => ({
    default: module.SignupModal,
  })),
);

/** Fills the layouts' signup slot: the modal, while it is open for a visitor. */
export function SignupSlot() {
  const open = useSignup((s) => s.open);
  const loggedIn = useIsLoggedIn();
  if (!open || loggedIn) return null;
  return <SignupModal />;
}
