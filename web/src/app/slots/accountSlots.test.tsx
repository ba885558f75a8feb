/**
 * The account screens with the passkeys filled in (issue 35.5): the login page's passkey
 * button signs in like the password does, the settings show the passkeys section, and
 * "Confirm it's you" offers the passkey where the browser has passkeys.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from '../../features/account/LoginPage';
import { SettingsPage } from '../../features/account/SettingsPage';
import { useSession } from '../../shared/session';
import { ConfirmItsYouDialog } from '../../shared/stepUp';
import { stubFetch } from '../../test/fetchStub';
import { companyFixture, settingsFixture, userFixture } from '../../test/fixtures';
import { seedStores, setupTestI18n } from '../../test/render';
import './accountSlots';

const browser = vi.hoisted(() => ({ startAuthentication: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => ({
  WebAuthnError: class WebAuthnError extends Error {},
  WebAuthnAbortService: { cancelCeremony: vi.fn() },
  browserSupportsWebAuthn: () => true,
  browserSupportsWebAuthnAutofill: async () => false,
  startAuthentication: browser.startAuthentication,
  startRegistration: vi.fn(),
}));

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const OPTIONS = { options: { challenge: 'abc', rpId: 'localhost', allowCredentials: [] } };
const ANSWER = { id: 'cred', rawId: 'cred', type: 'public-key', response: {}, clientExtensionResults: {} };
const ANSWERS: Record<string, () => Response> = {
  '/api/passkeys/login/options': () => json(200, OPTIONS),
  '/api/passkeys/login': () => json(200, { user: userFixture() }),
  '/api/passkeys/confirm/options': () => json(200, OPTIONS),
  '/api/passkeys/confirm': () => json(204, undefined),
  '/api/passkeys': () => json(200, { passkeys: [] }),
  '/api/two-factor': () => json(200, { enabled: false, recovery_codes_left: 0 }),
  '/api/sessions': () => json(200, { sessions: [] }),
};

let server: ReturnType<typeof vi.fn>;
beforeAll(() => setupTestI18n());
beforeEach(() => {
  seedStores({ settings: settingsFixture(), company: companyFixture() });
  browser.startAuthentication.mockReset();
  server = vi.fn((url: string) => (ANSWERS[url] ?? (() => json(404, { error: 'not_found', params: {} })))());
  stubFetch(server);
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ user: null });
});

function renderAt(path: string, element: React.ReactNode) {
  const router = createMemoryRouter(
    [
      { path: path.split('?')[0]!, element },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('the account screens with the passkeys', () => {
  it('signs in with a passkey on the login page and goes where the member wanted to be', async () => {
    browser.startAuthentication.mockResolvedValue(ANSWER);
    const router = renderAt('/login?redirect=%2Fsettings', <LoginPage />);
    fireEvent.click(await screen.findByTestId('passkey-login'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(useSession.getState().user).toEqual(userFixture());
  });

  it('shows the passkeys section in the settings', async () => {
    useSession.setState({ user: userFixture() });
    renderAt('/settings', <SettingsPage />);
    await waitFor(() => expect(document.getElementById('settings-passkeys')).not.toBeNull());
    await waitFor(() => expect(server.mock.calls.map(([url]) => url)).toContain('/api/passkeys'));
  });

  it('offers the passkey in "Confirm it\'s you", which confirms the session', async () => {
    browser.startAuthentication.mockResolvedValue(ANSWER);
    const onDone = vi.fn();
    render(<ConfirmItsYouDialog show onDone={onDone} />);
    fireEvent.click(within(await screen.findByTestId('confirm-its-you')).getByTestId('confirm-its-you-passkey'));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(true));
    expect(server.mock.calls.map(([url]) => url)).toEqual(['/api/passkeys/confirm/options', '/api/passkeys/confirm']);
  });
});
