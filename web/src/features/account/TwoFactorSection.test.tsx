/** Settings: two-step login (issue 33.2), against a fake server answering by path. */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { settingsFixture, userFixture } from '../../test/fixtures';
import { seedStores, setupTestI18n } from '../../test/render';
import { stubFetch } from '../../test/fetchStub';
import { TwoFactorSection } from './TwoFactorSection';

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const CODES = ['k7m2p-x9qwd', 'a2b3c-d4e5f', 'ghjkm-npqrs', 'tuvwx-yz234', '56789-abcde', 'fghjk-mnpqr', 'stuvw-xyz23', '45678-9abcd', 'efghj-kmnpq', 'rstuv-wxyz2'];
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"></svg>';

let calls: [string, string, unknown][];
let enabled: boolean;
let answers: Record<string, () => Response>;

beforeAll(() => setupTestI18n());
beforeEach(() => {
  seedStores({ settings: settingsFixture() });
  calls = [];
  enabled = false;
  answers = {
    'GET /api/two-factor': () => json(200, { enabled, recovery_codes_left: enabled ? 10 : 0 }),
    'POST /api/two-factor/setup': () => json(200, { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x', qr_svg: SVG }),
    'POST /api/two-factor': () => {
      enabled = true;
      return json(200, { recovery_codes: CODES });
    },
  };
  stubFetch((url, init) => {
    const key = `${init.method} ${url}`;
    calls.push([init.method ?? 'GET', url, init.body ? JSON.parse(String(init.body)) : undefined]);
    const answer = answers[key];
    return answer ? answer() : json(404, { error: 'not_found', params: {} });
  });
});
afterEach(() => vi.unstubAllGlobals());

const renderSection = () => render(<TwoFactorSection user={userFixture({ email: 'sam@example.test' })} />);

describe('two-step login settings', () => {
  it('turns it on: QR code and key, the first code, then the recovery codes once', async () => {
    renderSection();
    expect(await screen.findByTestId('settings-two-factor-state')).toHaveTextContent('Off');
    fireEvent.click(screen.getByTestId('settings-two-factor-on'));
    expect(await screen.findByTestId('settings-two-factor-qr')).toHaveAttribute('src', `data:image/svg+xml;charset=utf-8,${encodeURIComponent(SVG)}`);
    expect(screen.getByTestId('settings-two-factor-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    const code = screen.getByTestId('settings-two-factor-code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    fireEvent.click(screen.getByTestId('settings-two-factor-confirm'));
    expect(await screen.findByText('Enter the code.')).toBeInTheDocument();
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('settings-two-factor-confirm'));
    const list = await screen.findByTestId('settings-two-factor-codes');
    expect(within(list).getAllByTestId('settings-two-factor-code-item').map((item) => item.textContent)).toEqual(CODES);
    fireEvent.click(screen.getByTestId('settings-two-factor-saved'));
    expect(await screen.findByTestId('settings-two-factor-result')).toHaveTextContent('Two-step login is on.');
    expect(await screen.findByText('Recovery codes left: 10')).toBeInTheDocument();
    expect(screen.queryByTestId('settings-two-factor-codes')).toBeNull();
    expect(calls).toContainEqual(['POST', '/api/two-factor', { code: '123456' }]);
  });

  it('puts the focus on the code field once the password is confirmed (issue 35.5)', async () => {
    let confirmedOnce = false;
    const setup = answers['POST /api/two-factor/setup'];
    answers['POST /api/two-factor/setup'] = () => (confirmedOnce ? setup() : json(403, { error: 'password_confirmation_required', params: {} }));
    answers['POST /api/account/confirm'] = () => {
      confirmedOnce = true;
      return json(200, {});
    };
    renderSection();
    fireEvent.click(await screen.findByTestId('settings-two-factor-on'));
    fireEvent.change(await screen.findByLabelText('Your current password'), { target: { value: 'secret-password' } });
    fireEvent.click(screen.getByTestId('confirm-its-you-submit'));
    const code = await screen.findByTestId('settings-two-factor-code');
    // The dialog is gone and stays gone: nothing gives the focus back to the page's body.
    await waitFor(() => expect(screen.queryByTestId('confirm-its-you')).toBeNull());
    await waitFor(() => expect(code).toHaveFocus());
  });

  it('shows a wrong first code at the field', async () => {
    answers['POST /api/two-factor'] = () => json(400, { error: 'two_factor_code_wrong', params: {} });
    renderSection();
    fireEvent.click(await screen.findByTestId('settings-two-factor-on'));
    fireEvent.change(await screen.findByTestId('settings-two-factor-code'), { target: { value: '000000' } });
    fireEvent.click(screen.getByTestId('settings-two-factor-confirm'));
    expect(await screen.findByText('That code is not right. Check your app and try again.')).toBeInTheDocument();
    expect(screen.queryByTestId('settings-two-factor-codes')).toBeNull();
  });

  it('turns it off with the password and a code; a wrong password is shown at its field', async () => {
    enabled = true;
    let attempts = 0;
    answers['DELETE /api/two-factor'] = () => {
      attempts += 1;
      if (attempts === 1) return json(400, { error: 'password_wrong', params: {} });
      enabled = false;
      return json(204, undefined);
    };
    renderSection();
    fireEvent.click(await screen.findByTestId('settings-two-factor-off'));
    fireEvent.change(screen.getByLabelText('Your current password'), { target: { value: 'wrong' } });
    fireEvent.change(screen.getByTestId('settings-two-factor-off-code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('settings-two-factor-off-submit'));
    expect(await screen.findByText('Wrong password.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Your current password'), { target: { value: 'secret-123' } });
    fireEvent.click(screen.getByTestId('settings-two-factor-off-submit'));
    expect(await screen.findByTestId('settings-two-factor-result')).toHaveTextContent('Two-step login is off.');
    expect(await screen.findByTestId('settings-two-factor-state')).toHaveTextContent('Off');
    expect(calls).toContainEqual(['DELETE', '/api/two-factor', { password: 'secret-123', code: '123456' }]);
  });
});
