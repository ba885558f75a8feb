/**
 * Route checks on every navigation (spec section 4): screens flagged `auth` send
 * visitors to the login with a way back; screens flagged `guestOnly` (login, signup)
 * send members to the members area.
 */
import { pathTo, routeExists } from './paths';

/** The members area: the member search once it exists, until then the settings. */
export function membersAreaPath(): string {
  if (routeExists('members')) return pathTo('members');
  return pathTo('settings');
}

/**
 * A redirect target from the query, if it is a path on this site. Anything else
 * (another host, `//host`, `javascript:`) is ignored so the login cannot be used to
 * send members elsewhere.
 */
export function safeRedirect(target: string | null | undefined): string | null {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return null;
  return target;
}

/** The login with a way back to `path` (path plus query). */
export function loginPath(path: string): string {
  return `${pathTo('login')}?${new URLSearchParams({ redirect: path })}`;
}

/** Where a member goes after logging in: ?redirect when it is safe, else the members area. */
export function afterLoginPath(search: string): string {
  return safeRedirect(new URLSearchParams(search).get('redirect')) ?? membersAreaPath();
}

/** Where the navigation to `path` must go instead, or null to let it through. */
export function guardRedirect(route: { auth?: boolean; guestOnly?: boolean }, loggedIn: boolean, path: string): string | null {
  if (route.auth && !loggedIn) return loginPath(path);
  if (route.guestOnly && loggedIn) return membersAreaPath();
  return null;
}

/**
 * The navigation state of the logout's way home: "/" sends members to the members area,
 * but not the member who is just leaving (the session ends right after that navigation).
 */
export const LEAVING_STATE = { leaving: true } as const;

export function isLeaving(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { leaving?: unknown }).leaving === true;
}
