/**
 * The first screen is on: the router has its first page and the browser has painted it.
 * What a page does not need to show (the member's live connection, periodic refreshes,
 * modals that come later) waits for this, so it does not compete with that first paint
 * on a slow phone (issue 17: the search's first cards waited for the chat list's calls).
 */
let announce: () => void = () => undefined;

export const firstScreen: Promise<void> = new Promise((resolve) => {
  announce = resolve;
});

/** main.tsx: the router's first screen is rendered; resolves `firstScreen` after its paint. */
export function firstScreenRendered(): void {
  if (typeof requestAnimationFrame !== 'function') {
    announce();
    return;
  }
  // The frame after the next one: the screen rendered now has been painted by then.
  requestAnimationFrame(() => setTimeout(announce, 0));
}

/**
 * The server's copy of the first screen (adapters/http/first_paint.py: a member's /members
 * comes with its first cards, drawn before the app's script has loaded), in an element of
 * its own after #root. The app's first screen replaces it: removed before that screen's
 * paint (a layout effect), so the two never show at once and nothing drawn moves.
 */
export const SERVER_FIRST_SCREEN_ID = 'boot-first-screen';

export function removeServerFirstScreen(doc: Document = document): void {
  doc.getElementById(SERVER_FIRST_SCREEN_ID)?.remove();
}
