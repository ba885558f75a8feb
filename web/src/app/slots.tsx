/**
 * Places in the layouts where later issues mount their modals (spec section 2: the
 * default layout has a signup modal, a time-bonus modal and a like modal; the empty
 * layout a signup modal). A slot renders nothing until a feature fills it:
 *   layoutSlots.signupModal = lazy(() => import('../features/signup/SignupModal'));
 */
import { type ComponentType, Suspense } from 'react';

export type SlotName = 'signupModal' | 'timeBonusModal' | 'likeModal';

export const layoutSlots: Partial<Record<SlotName, ComponentType>> = {};

export function Slot({ name }: { name: SlotName }) {
  const Component = layoutSlots[name];
  if (!Component) return null;
  return (
    <Suspense fallback={null}>
      <Component />
    </Suspense>
  );
}
