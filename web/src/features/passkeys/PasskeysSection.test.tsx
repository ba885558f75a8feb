import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetchStub';
import { settingsFixture } from '../../test/fixtures';
import { seedStores, setupTestI18n } from '../../test/render';
import { PasskeysSection } from './PasskeysSection';

const browser = vi.hoisted(() => ({ startRegistration: vi.fn(), startAuthentication: vi.fn() }));

vi.mock('@simplewebauthn/browser', () => ({
  WebAuthnError: class extends Error {},
  WebAuthnAbortService: { cancelCeremony: vi.fn() },
  browserSupportsWebAuthn: () => true,
  browserSupportsWebAuthnAutofill: async () => false,
  startAuthentication: browser.startAuthentication,
  startRegistration: browser.startRegistration,
}));

const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const PHONE = { id: 1, name: 'Phone', created_at: '2026-11-01T10:00:00+00:00', last_used_at: null };
const CREATED = { id: 'new', rawId: 'new', type: 'public-key', response: {}, clientExtensionResults: {} };
const STEP_UP = { error: 'password_confirmation_required', params: {} };

let calls: string[];
let confirmed: boolean;
let server: ReturnType<typeof vi.fn>;
beforeAll(() => setupTestI18n());
beforeEach(() => {
  seedStores({ settings: settingsFixture() });
  calls = [];
  confirmed = false;
  browser.startRegistration.mockReset().mockResolvedValue(CREATED);
  // The server as it answers: changes need the session confirmed (the step-up) first.
  server = vi.fn((url: string, init: RequestInit) => {
    calls.push(`${init.method} ${url}`);
    if (url === '/api/passkeys' && init.method === 'GET') return json(200, { passkeys: [PHONE] });
    if (url === '/api/export/confirm') {
      confirmed = JSON.parse(init.body as string).password === 'secret-123';
      return confirmed ? json(204) : json(400, { error: 'password_wrong', params: {} });
    }
    if (!confirmed && (url === '/api/passkeys/options' || init.method === 'DELETE')) return json(403, STEP_UP);
    if (url === '/api/passkeys/options') return json(200, { options: { challenge: 'c', rp: { id: 'localhost', name: 'Amora' } } });
    if (url === '/api/passkeys') {
      const { name } = JSON.parse(init.body as string) as { name: string };
      return json(201, { passkey: { id: 2, name, created_at: '2026-11-28T12:00:00+00:00', last_used_at: null } });
    }
    if (init.method === 'PUT') return json(200, { passkey: { ...PHONE, name: JSON.parse(init.body as string).name } });
    if (init.method === 'DELETE') return json(204);
    return json(404, { error: 'not_found', params: {} });
  });
  stubFetch(server);
});
afterEach(() => vi.unstubAllGlobals());

describe('the settings’ passkeys', () => {
  it('lists them with when they were added and last used', async () => {
    render(<PasskeysSection />);
    expect(await screen.findByTestId('passkey-name')).toHaveTextContent('Phone');
    expect(screen.getByTestId('passkey')).toHaveTextContent('Added 1 November 2026 · last used never');
  });

  it('adds one after "confirm it’s you", then goes on by itself', async () => {
    render(<PasskeysSection />);
    await screen.findByTestId('passkey-name');
    fireEvent.click(screen.getByTestId('passkeys-add'));
    const name = screen.getByLabelText('Name');
    expect(name).toHaveValue('Passkey 2');
    fireEvent.change(name, { target: { value: 'Laptop' } });
    fireEvent.click(screen.getByTestId('passkeys-add-submit'));
    const stepUp = within(await screen.findByTestId('passkeys-step-up'));
    expect(stepUp.getByTestId('passkeys-step-up-passkey')).toBeInTheDocument(); // one exists
    fireEvent.change(stepUp.getByLabelText('Your current password'), { target: { value: 'wrong' } });
    fireEvent.click(stepUp.getByTestId('passkeys-step-up-submit'));
    expect(await stepUp.findByText('Wrong password.')).toBeInTheDocument();
    fireEvent.change(stepUp.getByLabelText('Your current password'), { target: { value: 'secret-123' } });
    fireEvent.click(stepUp.getByTestId('passkeys-step-up-submit'));
    expect(await screen.findByTestId('passkeys-result')).toHaveTextContent('Passkey “Laptop” added.');
    expect(screen.getAllByTestId('passkey-name').map((node) => node.textContent)).toEqual(['Phone', 'Laptop']);
    const sent = server.mock.calls.find(([url, init]) => url === '/api/passkeys' && init.method === 'POST')!;
    expect(JSON.parse(sent[1].body as string)).toEqual({ credential: CREATED, name: 'Laptop' });
  });

  it('refuses an empty name at the field and sends nothing', async () => {
    render(<PasskeysSection />);
    await screen.findByTestId('passkey-name');
    fireEvent.click(screen.getByTestId('passkeys-add'));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '  ' } });
    fireEvent.click(screen.getByTestId('passkeys-add-submit'));
    expect(await screen.findByText(/at most 60 characters/)).toBeInTheDocument();
    expect(calls).toEqual(['GET /api/passkeys']);
  });

  it('renames one without asking for the password, and removes one after it', async () => {
    render(<PasskeysSection />);
    await screen.findByTestId('passkey-name');
    fireEvent.click(screen.getByTestId('passkey-rename'));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Old phone' } });
    fireEvent.click(screen.getByTestId('passkey-rename-save'));
    await waitFor(() => expect(screen.getByTestId('passkey-name')).toHaveTextContent('Old phone'));

    fireEvent.click(screen.getByTestId('passkey-remove'));
    fireEvent.click(screen.getByTestId('passkey-remove-confirm'));
    const stepUp = within(await screen.findByTestId('passkeys-step-up'));
    fireEvent.change(stepUp.getByLabelText('Your current password'), { target: { value: 'secret-123' } });
    fireEvent.click(stepUp.getByTestId('passkeys-step-up-submit'));
    expect(await screen.findByTestId('passkeys-none')).toBeInTheDocument();
    expect(calls).toContain('DELETE /api/passkeys/1');
  });
});
