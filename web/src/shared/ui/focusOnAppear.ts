/**
 * A callback ref that gives its element the focus when it appears: the first field of a form
 * that opens or of a page that is all about one form. Instead of `autoFocus`, which
 * jsx-a11y refuses. A module-level function, so React calls it once per element, not on
 * every render (a new function each render would take the focus back each time).
 */
export function focusOnAppear(element: HTMLElement | null): void {
  element?.focus();
}
