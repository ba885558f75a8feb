import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { settingsFixture, userFixture } from '../../test/fixtures';
import { stubFetch } from '../../test/fetchStub';
import { seedStores, setupTestI18n } from '../../test/render';
import { useSession } from '../../shared/session';
import { PasskeyConfirmation } from '../../shared/stepUp';
import { DataExportSection, QuietModeSection } from './PrivacySections';

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeAll(() => setupTestI18n());
beforeEach(() => {
  seedStores({ settings: settingsFixture() });
  useSession.setState({ user: userFixture() });
  fetchMock = vi.fn();
  stubFetch(fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ user: null });
});

function QuietMode() {
  const user = useSession((s) => s.user);
  return user && <QuietModeSection user={user} />;
}

describe('quiet mode', () => {
  it('switches one signal off on the account and says what that means both ways', async () => {
    fetchMock.mockResolvedValue(json(200, { user: userFixture({ share_read_receipts: false }) }));
    render(<QuietMode />);
    const receipts = screen.getByRole('switch', { name: 'Send read receipts' });
    expect(receipts).toBeChecked();
    expect(screen.getByTestId('settings-quiet-reciprocity')).toHaveTextContent('what you hide, you no longer see of others either');
    fireEvent.click(receipts);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Send read receipts' })).not.toBeChecked());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect([url, init.method, JSON.parse(init.body)]).toEqual(['/api/user', 'PUT', { share_read_receipts: false }]);
    expect(screen.getByRole('switch', { name: 'Show when I am typing' })).toBeChecked();
  });

  it('keeps the switch as it was and says why when saving fails', async () => {
    fetchMock.mockResolvedValue(json(400, { error: 'invalid_request', params: {} }));
    render(<QuietMode />);
    fireEvent.click(screen.getByRole('switch', { name: 'Show when I am online' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Show when I am online' })).toBeChecked();
  });
});

const confirmationRequired = () => json(403, { error: 'password_confirmation_required', params: {} });

describe('download my data', () => {
  it('asks "Confirm it\'s you", confirms the password, then says a mail with the link follows', async () => {
    fetchMock.mockResolvedValueOnce(confirmationRequired()).mockResolvedValueOnce(json(204, undefined)).mockResolvedValueOnce(json(202, { status: 'preparing' }));
    render(<DataExportSection />);
    fireEvent.click(screen.getByTestId('settings-export-start'));
    const dialog = within(await screen.findByTestId('confirm-its-you'));
    fireEvent.click(dialog.getByTestId('confirm-its-you-submit'));
    expect(await dialog.findByText('Enter your password.')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    fireEvent.change(dialog.getByLabelText('Your current password'), { target: { value: 'secret-123' } });
    fireEvent.click(dialog.getByTestId('confirm-its-you-submit'));
    expect(await screen.findByTestId('settings-export-result')).toHaveTextContent('You will get an e-mail with a download link');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/export', '/api/account/confirm', '/api/export']);
    expect(JSON.parse(fetchMock.mock.calls[1]![1].body)).toEqual({ password: 'secret-123' });
    await waitFor(() => expect(screen.queryByTestId('confirm-its-you')).toBeNull());
  });

  it('asks nothing while the session is confirmed', async () => {
    fetchMock.mockResolvedValueOnce(json(202, { status: 'preparing' }));
    render(<DataExportSection />);
    fireEvent.click(screen.getByTestId('settings-export-start'));
    expect(await screen.findByTestId('settings-export-result')).toHaveTextContent('You will get an e-mail with a download link');
    expect(screen.queryByTestId('confirm-its-you')).toBeNull();
  });

  it('shows a wrong password at the field, then asks again', async () => {
    fetchMock.mockResolvedValueOnce(confirmationRequired()).mockResolvedValueOnce(json(400, { error: 'password_wrong', params: {} }));
    render(<DataExportSection />);
    fireEvent.click(screen.getByTestId('settings-export-start'));
    const dialog = within(await screen.findByTestId('confirm-its-you'));
    fireEvent.change(dialog.getByLabelText('Your current password'), { target: { value: 'wrong' } });
    fireEvent.click(dialog.getByTestId('confirm-its-you-submit'));
    await waitFor(() => expect(dialog.getByLabelText('Your current password')).toHaveAttribute('aria-invalid', 'true'));
    fetchMock.mockResolvedValueOnce(json(204, undefined)).mockResolvedValueOnce(json(202, { status: 'preparing' }));
    fireEvent.change(dialog.getByLabelText('Your current password'), { target: { value: 'right' } });
    fireEvent.click(dialog.getByTestId('confirm-its-you-submit'));
    expect(await screen.findByTestId('settings-export-result')).toHaveTextContent('You will get an e-mail with a download link');
  });

  it('says in words why no link can be mailed to an address that bounces', async () => {
    fetchMock.mockResolvedValueOnce(json(409, { error: 'export_address_bounces', params: {} }));
    render(<DataExportSection />);
    fireEvent.click(screen.getByTestId('settings-export-start'));
    expect(await screen.findByTestId('settings-export-result')).toHaveTextContent('e-mails to your address could not be delivered');
  });

  it('offers a passkey when the passkey feature provides one', async () => {
    const passkey = vi.fn(() => Promise.resolve());
    fetchMock.mockResolvedValueOnce(confirmationRequired()).mockResolvedValueOnce(json(202, { status: 'preparing' }));
    render(
      <PasskeyConfirmation.Provider value={passkey}>
        <DataExportSection />
      </PasskeyConfirmation.Provider>,
    );
    fireEvent.click(screen.getByTestId('settings-export-start'));
    fireEvent.click(within(await screen.findByTestId('confirm-its-you')).getByTestId('confirm-its-you-passkey'));
    expect(await screen.findByTestId('settings-export-result')).toHaveTextContent('You will get an e-mail with a download link');
    expect(passkey).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/export', '/api/export']);
  });
});
