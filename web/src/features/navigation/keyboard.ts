/**
 * Whether a phone's on-screen keyboard is up, for the tab bar to step aside (issue 29.7).
 * A focused text field alone does not tell: on a phone the bar used to hide on focus, so
 * it was gone while the member typed and came back only once the field lost the focus,
 * and a tap where the tab had been landed on the page below and only blurred the field
 * (the first tap after typing was swallowed). The keyboard is what takes the room: the
 * visible viewport is then much shorter than the layout one.
 */
import { useSyncExternalStore } from 'react';

/** Less than this is browser chrome or a toolbar, not a keyboard. */
export const KEYBOARD_MIN_PX = 150;

const TEXT_FIELD = 'input:not([type="checkbox"], [type="radio"], [type="range"], [type="button"], [type="submit"], [type="reset"]), textarea, select, [contenteditable="true"]';

export function isTextField(element: Element | null): boolean {
  return element?.matches(TEXT_FIELD) ?? false;
}

/** A text field has the focus and the visible viewport is a keyboard shorter than the page's. */
export function keyboardUp(win: Window = window): boolean {
  const viewport = win.visualViewport;
  if (!viewport || !isTextField(win.document.activeElement)) return false;
  // Pinch zoom shrinks the visible viewport too; its scale takes that back out.
  return win.innerHeight - viewport.height * viewport.scale > KEYBOARD_MIN_PX;
}

function subscribe(change: () => void): () => void {
  const viewport = window.visualViewport;
  viewport?.addEventListener('resize', change);
  window.addEventListener('focusin', change);
  window.addEventListener('focusout', change);
  return () => {
    viewport?.removeEventListener('resize', change);
    window.removeEventListener('focusin', change);
    window.removeEventListener('focusout', change);
  };
}

export function useKeyboardUp(): boolean {
  return useSyncExternalStore(subscribe, () => keyboardUp(window), () => false);
}
