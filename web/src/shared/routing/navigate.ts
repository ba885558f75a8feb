/**
 * Navigation from outside React (stores, API callbacks): the browser router registers
 * itself here at start-up.
 */
export interface AppNavigator {
  navigate: (to: string, options?: { replace?: boolean }) => unknown;
}

let current: AppNavigator | null = null;

export function setAppNavigator(navigator: AppNavigator | null): void {
  current = navigator;
}

/** Goes to `to` inside the app; a full page load when no router is running yet. */
export function appNavigate(to: string, options: { replace?: boolean } = {}): void {
  if (current) {
    void current.navigate(to, options);
    return;
  }
  if (options.replace) location.replace(to);
  else location.assign(to);
}
