import { Suspense, lazy } from 'react';
import { i18n } from '../../shared/i18n/i18n';

// The step and its texts load only on the complete-signup screen, where push applies.
const PushPermissionStep = lazy(() =>
  Promise.all([import('./PushPermissionStep'), i18n.loadNamespaces('notifications')]).then(([module]) => ({
    default: module.PushPermissionStep,
  })),
);

/** Fills signupSteps.pushPermission (see app/plugins.ts). */
export function PushStepSlot() {
  return (
    <Suspense fallback={null}>
      <PushPermissionStep />
    </Suspense>
  );
}
