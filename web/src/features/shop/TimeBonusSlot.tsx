import { lazy, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { i18n } from '../../shared/i18n/i18n';
import { useSession } from '../../shared/session';
import { TIME_BONUS_MODAL_DELAY_MS, inMembersArea, mayOfferModal, rememberDismissal, wasDismissed } from './timeBonusModal';
import { followTimeBonus, useTimeBonusVisible } from './timeBonusStore';

// The modal and the shop texts load only when there is something to show.
const TimeBonusModal = lazy(() =>
  Promise.all([import('./TimeBonusModal'), i18n.loadNamespaces('shop')]).then(([m]) => ({ default: m.TimeBonusModal })),
);

// This module is imported once a member is logged in (app/memberPlugins.ts): the bonus
// loads on every login.
followTimeBonus();

/** Fills the default layout's time-bonus slot: the offer 40 s into the members area. */
export function TimeBonusSlot() {
  const user = useSession((s) => s.user);
  const bonusVisible = useTimeBonusVisible();
  const inArea = inMembersArea(useLocation().pathname);
  const [due, setDue] = useState(false);
  const eligible = mayOfferModal({
    loggedIn: user !== null,
    paidUser: user?.paid_user ?? false,
    bonusVisible,
    dismissed: user ? wasDismissed(user.id) : true,
  });

  // The 40 s start on entering the area; moving within it does not restart them. Leaving
  // the area resets them — not in a cleanup: while the lazy modal loads, the slot's Suspense
  // hides this component and runs its cleanups, which must not take the offer back.
  const waiting = eligible && inArea;
  if (!waiting && due) setDue(false); // adjusted while rendering (React's way for state that follows props)
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setDue(true), TIME_BONUS_MODAL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [waiting]);

  if (!due || !eligible || !inArea || !user) return null;
  const close = () => {
    rememberDismissal(user.id);
    setDue(false);
  };
  return <TimeBonusModal onClose={close} />;
}
