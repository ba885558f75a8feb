import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { settingsFixture, userFixture } from '../../test/fixtures';
import { stubFetch } from '../../test/fetchStub';
import { seedStores, setupTestI18n } from '../../test/render';
import { useSession } from '../session';
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

describe('download my data', () => {
  it('asks for the password, confirms it, then says a mail with the link follows', async () => {
    fetchMock.mockImplementation((url: string) => (url === '/api/export/confirm' ? json(204, undefined) : json(202, { status: 'preparing' })));
    render(<DataExportSection />);
    fireEvent.click(screen.getByTestId('settings-export-start'));
    fireEvent.click(screen.getByTestId('settings-export-submit'));
    expect(await screen.findByText('Enter your password.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Your current password'), { target: { value: 'secret-123' } });
    fireEvent.click(screen.getByTestId('settings-export-submit'));
    expect(await screen.findByTestId('settings-export-result')).toHaveTextContent('You will get an e-mail with a download link');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/export/confirm', '/api/export']);
    expect(JSON.parse(fetchMock.mock.calls[0]![1].body)).toEqual({ password: 'secret-123' });
    expect(screen.queryByTestId('settings-export-submit')).not.toBeInTheDocument(); // done: the form closes
  });

  it('shows a wrong password at the field, then asks again', async () => {
    fetchMock.mockResolvedValueOnce(json(400, { error: 'password_wrong', params: {} }));
    render(<DataExportSection />);
    fireEvent.click(screen.getByTestId('settings-export-start'));
    const form = within(document.getElementById('settings-export')!);
    fireEvent.change(form.getByLabelText('Your current password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByTestId('settings-export-submit'));
    await waitFor(() => expect(form.getByLabelText('Your current password')).toHaveAttribute('aria-invalid', 'true'));
    fetchMock.mockResolvedValueOnce(json(204, undefined)).mockResolvedValueOnce(json(202, { status: 'preparing' }));
    fireEvent.change(form.getByLabelText('Your current password'), { target: { value: 'right' } });
    fireEvent.click(screen.getByTestId('settings-export-submit'));
    expect(await screen.findByTestId('settings-export-result')).toHaveTextContent('You will get an e-mail with a download link');
  });

  it('says in words why no link can be mailed to an address that bounces', async () => {
    fetchMock.mockResolvedValueOnce(json(204, undefined)).mockResolvedValueOnce(json(409, { error: 'export_address_bounces', params: {} }));
    render(<DataExportSection />);
    fireEvent.click(screen.getByTestId('settings-export-start'));
    fireEvent.change(screen.getByLabelText('Your current password'), { target: { value: 'secret-123' } });
    fireEvent.click(screen.getByTestId('settings-export-submit'));
    expect(await screen.findByTestId('settings-export-result')).toHaveTextContent('e-mails to your address could not be delivered');
  });
});
