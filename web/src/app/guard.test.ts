import { afterEach, describe, expect, it } from 'vitest';
import type { LoaderFunctionArgs } from 'react-router';
import { userFixture } from '../test/fixtures';
import { useSession } from '../shared/session/sessionStore';
import { afterLoginPath, guardRedirect, loginPath, membersAreaPath, safeRedirect } from '../shared/routing/guard';
import { guardedLoader } from './router';
import { ROUTES, type AppRoute } from './routes';

const registry = ROUTES as Record<string, AppRoute>;

afterEach(() => {
  useSession.setState({ user: null });
});

describe('route guard', () => {
  it('sends visitors of members-only screens to the login with a way back', () => {
    expect(guardRedirect({ auth: true }, false, '/settings?tab=1')).toBe('/login?redirect=%2Fsettings%3Ftab%3D1');
    expect(guardRedirect({ auth: true }, true, '/settings')).toBeNull();
    expect(guardRedirect({}, false, '/pages/faq')).toBeNull();
  });

  it('sends members away from login and signup to the members area', () => {
    // The member search is the members area (login lands there).
    expect(guardRedirect({ guestOnly: true }, true, '/login')).toBe('/members');
    expect(guardRedirect({ guestOnly: true }, false, '/login')).toBeNull();
    expect(membersAreaPath()).toBe('/members');
    expect(guardRedirect({ guestOnly: true }, true, '/signup')).toBe('/members');
  });

  it('flags the account screens', () => {
    expect(ROUTES.settings.auth).toBe(true);
    expect(ROUTES['complete-signup'].auth).toBe(true);
    expect(ROUTES.login.guestOnly).toBe(true);
    expect(ROUTES.signup.guestOnly).toBe(true);
    expect(registry['account-deleted']!.auth).toBeUndefined();
    expect(registry['reset-password']!.auth).toBeUndefined();
  });

  it('only redirects within the site after login', () => {
    expect(safeRedirect('/settings')).toBe('/settings');
    expect(safeRedirect('//evil.test/x')).toBeNull();
    expect(safeRedirect('/\\evil.test')).toBeNull();
    expect(safeRedirect('https://evil.test')).toBeNull();
    expect(safeRedirect('javascript:alert(1)')).toBeNull();
    expect(afterLoginPath('?redirect=%2Fsettings%3Fx%3D1')).toBe('/settings?x=1');
    expect(afterLoginPath('?redirect=https%3A%2F%2Fevil.test')).toBe('/members');
    expect(afterLoginPath('')).toBe('/members');
    expect(loginPath('/settings')).toBe('/login?redirect=%2Fsettings');
  });

  it('runs on every navigation through the route loader', async () => {
    const loader = guardedLoader(ROUTES.settings)!;
    const args = (url: string) => ({ request: new Request(url), params: {}, context: undefined }) as unknown as LoaderFunctionArgs;
    const thrown = await Promise.resolve()
      .then(() => loader(args('http://localhost/settings')))
      .catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get('Location')).toBe('/login?redirect=%2Fsettings');

    useSession.setState({ user: userFixture() });
    const loginLoader = guardedLoader(ROUTES.login)!;
    const back = await Promise.resolve()
      .then(() => loginLoader(args('http://localhost/login')))
      .catch((error: unknown) => error);
    expect((back as Response).headers.get('Location')).toBe('/members');
  });
});

describe('routes', () => {
  it('registers the search and the member profile, the likes view for members only', () => {
    expect(registry.members!.path).toBe('/members');
    expect(registry.members!.auth).toBeUndefined();
    expect(registry['members-id']!.path).toBe('/members/:id');
    expect(registry['members-id']!.auth).toBeUndefined();
    expect(registry['likes-m-id']!.path).toBe('/likes/m/:id');
    expect(registry['likes-m-id']!.auth).toBe(true);
  });
});
