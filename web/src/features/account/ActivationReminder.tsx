import { Suspense, lazy } from 'react';
import { useActivationReminder } from './useActivationReminder';

const ActivationModal = lazy(() => import('./ActivationModal').then((module) => ({ default: module.ActivationModal })));

/** Shows the activation reminder as an alert or a modal, per activationReminderMode. */
export function ActivationReminder() {
  const { mode, email } = useActivationReminder();
  if (mode !== 'modal') return null;
  return (
    <Suspense fallback={null}>
      <ActivationModal email={email} />
    </Suspense>
  );
}
