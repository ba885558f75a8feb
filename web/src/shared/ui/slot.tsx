import { type ComponentType, createElement } from 'react';

/** A place in a feature's screen that shows another feature's UI (see slot()). */
export interface Slot<P extends object> {
  (props: P): ReturnType<typeof createElement> | null;
  displayName: string;
  /** app/ gives the place its component (app/slots/), before the screen loads. */
  fill(component: ComponentType<P>): void;
}

/**
 * A place in one feature's screen for another feature's UI (issue 35.5): the feature names
 * the place and the props it hands over, app/ fills it (app/slots/), so no feature imports
 * another. Not filled, it shows nothing.
 */
export function slot<P extends object>(name: string): Slot<P> {
  let filled: ComponentType<P> | null = null;
  const place = (props: P) => (filled ? createElement(filled, props) : null);
  place.displayName = name;
  place.fill = (component: ComponentType<P>) => {
    filled = component;
  };
  return place;
}
