/**
 * Places in the layouts where later issues mount their modals (spec section 2: the
 * default layout has a signup modal, a time-bonus modal and a like modal; the empty
 * layout a signup modal; the app shell has the match celebration, over every layout).
 * A slot renders nothing until a feature fills it:
 *   fillSlot('signupModal', lazy(() => import('../features/signup/SignupModal')));
 * A slot filled after the layout showed (the member's slots load at login) shows then.
 */
import { type ComponentType, Suspense, useSyncExternalStore } from 'react';

export type SlotName = 'signupModal' | 'timeBonusModal' | 'likeModal' | 'matchModal';

export const layoutSlots: Partial<Record<SlotName, ComponentType>> = {};

const listeners = new Set<() => void>();

export function fillSlot(name: SlotName, component: ComponentType): void {
  layoutSlots[name] = component;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function Slot({ name }: { name: SlotName }) {
  const Component = useSyncExternalStore(subscribe, () => layoutSlots[name]);
  if (!Component) return null;
  return (
    <Suspense fallback={null}>
      {/* eslint-disable-next-line react-hooks/static-components -- not made in render: the one component fillSlot registered, read from its store. */}
      <Component />
    </Suspense>
  );
}
