import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api/errors';
import { stubFetch } from '../../test/fetchStub';
import { settingsFixture, userFixture } from '../../test/fixtures';
import { seedStores, setupTestI18n } from '../../test/render';
import { ceremonyError } from './ceremonies';
import { PasskeyLogin } from './PasskeyLogin';

const browser = vi.hoisted(() => ({
  startAuthentication: vi.fn(),
  autofill: false,
}));

vi.mock('@simplewebauthn/browser', () => {
  class WebAuthnError extends Error {
    code: string;
    constructor({ message, code, name }: { message: string; code: string; name?: string }) {
      super(message);
      this.code = code;
      this.name = name ?? 'WebAuthnError';
    }
  }
  return {
    WebAuthnError,
    WebAuthnAbortService: { cancelCeremony: vi.fn() },
    browserSupportsWebAuthn: () => true,
    browserSupportsWebAuthnAutofill: async () => browser.autofill,
    startAuthentication: browser.startAuthentication,
    startRegistration: vi.fn(),
  };
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const OPTIONS = { options: { challenge: 'abc', rpId: 'localhost', allowCredentials: [] } };
const ANSWER = { id: 'cred', rawId: 'cred', type: 'public-key', response: {}, clientExtensionResults: {} };

let server: ReturnType<typeof vi.fn>;
beforeAll(() => setupTestI18n());
beforeEach(() => {
  seedStores({ settings: settingsFixture() });
  browser.autofill = false;
  browser.startAuthentication.mockReset();
  server = vi.fn((url: string) => (url === '/api/passkeys/login/options' ? json(200, OPTIONS) : json(200, { user: userFixture() })));
  stubFetch(server);
});
afterEach(() => vi.unstubAllGlobals());

function renderButton(onLoggedIn = vi.fn()) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <PasskeyLogin onLoggedIn={onLoggedIn} /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: ['/login'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('logging in with a passkey', () => {
  it('answers the server’s challenge and hands over the member, without an address', async () => {
    browser.startAuthentication.mockResolvedValue(ANSWER);
    const onLoggedIn = vi.fn();
    renderButton(onLoggedIn);
    fireEvent.click(screen.getByTestId('passkey-login'));
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith(userFixture()));
    expect(browser.startAuthentication).toHaveBeenCalledWith({ optionsJSON: OPTIONS.options });
    const sent = server.mock.calls.find(([url]) => url === '/api/passkeys/login')!;
    expect(JSON.parse(sent[1].body as string)).toEqual({ credential: ANSWER });
  });

  it('says in a sentence that no passkey was used when the dialog is closed', async () => {
    browser.startAuthentication.mockRejectedValue(Object.assign(new Error('closed'), { name: 'NotAllowedError' }));
    const onLoggedIn = vi.fn();
    renderButton(onLoggedIn);
    fireEvent.click(screen.getByTestId('passkey-login'));
    expect(await screen.findByTestId('passkey-login-error')).toHaveTextContent(/No passkey was used/);
    expect(server.mock.calls.map(([url]) => url)).toEqual(['/api/passkeys/login/options']);
    expect(onLoggedIn).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal translated', async () => {
    browser.startAuthentication.mockResolvedValue(ANSWER);
    server.mockImplementation((url: string) =>
      url === '/api/passkeys/login/options' ? json(200, OPTIONS) : json(400, { error: 'passkey_not_recognised', params: {} }),
    );
    renderButton();
    fireEvent.click(screen.getByTestId('passkey-login'));
    expect(await screen.findByTestId('passkey-login-error')).toHaveTextContent(/This passkey is not known here/);
  });

  it('goes to the ban page for a banned account', async () => {
    browser.startAuthentication.mockResolvedValue(ANSWER);
    server.mockImplementation((url: string) =>
      url === '/api/passkeys/login/options' ? json(200, OPTIONS) : json(403, { error: 'account_banned', params: {} }),
    );
    const router = renderButton();
    fireEvent.click(screen.getByTestId('passkey-login'));
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/login'));
  });

  it('offers the passkeys in the e-mail field’s suggestions where the browser can', async () => {
    browser.autofill = true;
    browser.startAuthentication.mockResolvedValue(ANSWER);
    const onLoggedIn = vi.fn();
    renderButton(onLoggedIn);
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalled());
    expect(browser.startAuthentication).toHaveBeenCalledWith({ optionsJSON: OPTIONS.options, useBrowserAutofill: true });
  });
});

describe('what the browser says, in the catalogs’ words', () => {
  it.each([
    ['NotAllowedError', 'passkey_cancelled'],
    ['AbortError', 'passkey_cancelled'],
    ['InvalidStateError', 'passkey_on_this_device'],
    ['SecurityError', 'passkeys_unavailable'],
    ['UnknownError', 'passkey_device_failed'],
  ])('%s is %s', (name, code) => {
    const error = ceremonyError(Object.assign(new Error('x'), { name }));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(code);
  });

  it('leaves the server’s refusals as they are', () => {
    const refusal = new ApiError(400, 'passkey_failed');
    expect(ceremonyError(refusal)).toBe(refusal);
  });
});
