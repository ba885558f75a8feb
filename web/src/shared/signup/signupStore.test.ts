import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAppNavigator } from '../routing/navigate';
import { useSession } from '../session';
import { userFixture } from '../../test/fixtures';
import { useSignup } from './signupStore';

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ user: null, loaded: false });
  useSignup.setState({ open: false });
  setAppNavigator(null);
});

describe('openSignup', () => {
  const navigate = vi.fn();
  const screenWidth = (desktop: boolean) =>
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: desktop && query.includes('992px'), media: query }) as MediaQueryList);

  it('opens the modal on desktop', () => {
    setAppNavigator({ navigate });
    screenWidth(true);
    useSignup.getState().openSignup();
    expect(useSignup.getState().open).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('goes to the signup page on smartphones', () => {
    setAppNavigator({ navigate });
    screenWidth(false);
    useSignup.getState().openSignup();
    expect(useSignup.getState().open).toBe(false);
    expect(navigate).toHaveBeenCalledWith('/signup', {});
  });

  it('sends members to the members area instead', () => {
    setAppNavigator({ navigate });
    screenWidth(true);
    useSession.setState({ user: userFixture() });
    useSignup.getState().openSignup();
    expect(useSignup.getState().open).toBe(false);
    expect(navigate).toHaveBeenCalledWith('/members', {});
  });

  it('closes with the session', () => {
    useSignup.setState({ open: true });
    useSession.getState().clear();
    expect(useSignup.getState().open).toBe(false);
  });
});
