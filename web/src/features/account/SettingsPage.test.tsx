import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PATHS } from '../../shared/routing/paths';
import { companyFixture, settingsFixture, userFixture } from '../../test/fixtures';
import { seedStores, setupTestI18n } from '../../test/render';
import { useSession } from '../../shared/session';
import { SettingsPage } from './SettingsPage';
import { type FakeServer, stubFetch } from '../../test/fetchStub';

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const registry: Record<string, string> = PATHS;

// What the sections that load their own state ask for when the page opens (passkeys,
// two-step login, the sessions): answered here, so each test's fetchMock sees only the
// calls its own steps make.
const SECTION_LOADS: Record<string, unknown> = {
  '/api/passkeys': { passkeys: [] },
  '/api/two-factor': { enabled: false, recovery_codes_left: 0 },
  '/api/sessions': { sessions: [] },
};

let fetchMock: ReturnType<typeof vi.fn>;
beforeAll(() => setupTestI18n());
beforeEach(() => {
  seedStores({ settings: settingsFixture(), company: companyFixture({ delete_discount: 50 }) });
  useSession.setState({ user: userFixture({ email: 'sam@example.test', invisible: false }) });
  fetchMock = vi.fn();
  stubFetch((url, init) =>
    init.method === 'GET' && url in SECTION_LOADS ? json(200, SECTION_LOADS[url]) : (fetchMock as unknown as FakeServer)(url, init),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ user: null });
  delete registry.credits;
});

function renderSettings() {
  const router = createMemoryRouter(
    [
      { path: '/settings', element: <SettingsPage /> },
      { path: '/account-deleted', element: <p>deleted page</p> },
      { path: '/login', element: <p>login page</p> },
      { path: '/credits', element: <p>credits page</p> },
    ],
    { initialEntries: ['/settings'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const section = (id: string) => document.getElementById(id)!;

describe('settings', () => {
  // Other sections of the page fetch too (sessions, passkeys): answered by URL.
  const answers = (routes: Record<string, () => Response>) =>
    fetchMock.mockImplementation((url: string) => Promise.resolve((routes[url] ?? (() => json(404, { error: 'not_found', params: {} })))()));
  const mine = () =>
    fetchMock.mock.calls.filter(([url]) => url === '/api/mail-change' || url === '/api/account/confirm').map(([url, init]) => [url, JSON.parse(init.body)]);

  it('shows the current e-mail address and asks the password once, in "Confirm it\'s you"', async () => {
    let changes = 0;
    answers({
      '/api/mail-change': () => (changes++ === 0 ? json(403, { error: 'password_confirmation_required', params: {} }) : json(204, undefined)),
      '/api/account/confirm': () => json(204, undefined),
    });
    renderSettings();
    expect(screen.getByTestId('settings-email-current')).toHaveTextContent('sam@example.test');
    fireEvent.click(screen.getByTestId('settings-email-change'));
    const email = within(section('settings-email'));
    expect(email.queryByLabelText('Your current password')).toBeNull(); // not asked twice
    fireEvent.change(email.getByLabelText('New e-mail address'), { target: { value: 'new@example.test' } });
    fireEvent.click(screen.getByTestId('settings-email-submit'));
    const dialog = within(await screen.findByTestId('confirm-its-you'));
    fireEvent.change(dialog.getByLabelText('Your current password'), { target: { value: 'secret-123' } });
    fireEvent.click(dialog.getByTestId('confirm-its-you-submit'));
    expect(await screen.findByTestId('settings-email-result')).toHaveTextContent('We sent a confirmation link to new@example.test');
    expect(mine()).toEqual([
      ['/api/mail-change', { email: 'new@example.test' }],
      ['/api/account/confirm', { password: 'secret-123' }],
      ['/api/mail-change', { email: 'new@example.test' }],
    ]);
  });

  it('changes nothing and says nothing when "Confirm it\'s you" is closed', async () => {
    answers({ '/api/mail-change': () => json(403, { error: 'password_confirmation_required', params: {} }) });
    renderSettings();
    fireEvent.click(screen.getByTestId('settings-email-change'));
    const email = within(section('settings-email'));
    fireEvent.change(email.getByLabelText('New e-mail address'), { target: { value: 'new@example.test' } });
    fireEvent.click(screen.getByTestId('settings-email-submit'));
    fireEvent.click(within(await screen.findByTestId('confirm-its-you')).getByTestId('confirm-its-you-cancel'));
    await waitFor(() => expect(screen.queryByTestId('confirm-its-you')).toBeNull());
    expect(screen.queryByTestId('settings-email-result')).toBeNull();
    expect(email.getByLabelText('New e-mail address')).toHaveValue('new@example.test');
    expect(mine()).toEqual([['/api/mail-change', { email: 'new@example.test' }]]);
  });

  it('explains a taken address at the field', async () => {
    fetchMock.mockResolvedValue(json(409, { error: 'email_taken', params: {} }));
    renderSettings();
    fireEvent.click(screen.getByTestId('settings-email-change'));
    const email = within(section('settings-email'));
    fireEvent.change(email.getByLabelText('New e-mail address'), { target: { value: 'taken@example.test' } });
    fireEvent.click(screen.getByTestId('settings-email-submit'));
    expect(await email.findByText('This e-mail address already has an account on this site.')).toBeInTheDocument();
  });

  it('checks the new password twice before changing it', async () => {
    fetchMock.mockResolvedValue(json(400, { error: 'old_password_wrong', params: {} }));
    renderSettings();
    const password = within(section('settings-password'));
    fireEvent.change(password.getByLabelText('Current password'), { target: { value: 'old-one-123' } });
    fireEvent.change(password.getByLabelText('New password'), { target: { value: 'new-one-123' } });
    fireEvent.change(password.getByLabelText('Repeat new password'), { target: { value: 'new-one-124' } });
    fireEvent.click(screen.getByTestId('settings-password-submit'));
    expect(password.getByText('The passwords you entered do not match.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.change(password.getByLabelText('Repeat new password'), { target: { value: 'new-one-123' } });
    fireEvent.click(screen.getByTestId('settings-password-submit'));
    expect(await password.findByText('Check your old password.')).toBeInTheDocument();
  });

  it('switches invisible mode and explains it', async () => {
    fetchMock.mockResolvedValue(json(200, { user: userFixture({ invisible: true }) }));
    renderSettings();
    expect(section('settings-invisible')).toHaveTextContent('You are removed from the search results.');
    expect(section('settings-invisible')).toHaveTextContent('You have to make the first contact yourself.');
    const toggle = screen.getByRole('switch', { name: 'Invisible mode' });
    expect(toggle).not.toBeChecked();
    fireEvent.click(toggle);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Invisible mode' })).toBeChecked());
    expect(JSON.parse(fetchMock.mock.calls[0]![1].body)).toEqual({ invisible: true });
  });

  it('deletes the account in three steps: reason, offers, password', async () => {
    fetchMock.mockResolvedValue(json(204, undefined));
    const router = renderSettings();
    fireEvent.click(screen.getByTestId('settings-delete-start'));
    expect(screen.getByTestId('settings-delete-next')).toBeDisabled();
    fireEvent.click(screen.getByLabelText('Another reason'));
    expect(screen.getByTestId('settings-delete-next')).toBeDisabled();
    fireEvent.change(screen.getByTestId('settings-delete-details'), { target: { value: 'Moving abroad' } });
    fireEvent.click(screen.getByTestId('settings-delete-next'));

    expect(screen.getByText('Take a break with invisible mode instead')).toBeInTheDocument();
    expect(screen.getByTestId('settings-delete-invisible')).toBeInTheDocument();
    // No credits screen yet, so no discount offer.
    expect(screen.queryByTestId('settings-delete-discount')).toBeNull();
    fireEvent.click(screen.getByTestId('settings-delete-next'));

    fireEvent.change(within(section('settings-delete')).getByLabelText('Your current password'), { target: { value: 'secret-123' } });
    fireEvent.click(screen.getByTestId('settings-delete-confirm'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account-deleted'));
    expect(router.state.location.state).toEqual({ deleted: true, reason: 'other' }); // the page's words follow the reason
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/user');
    expect(init.method).toBe('DELETE');
    expect(JSON.parse(init.body)).toEqual({ password: 'secret-123', reason: 'other: Moving abroad' });
  });

  const stayOffer = () => {
    registry.credits = '/credits';
    const router = renderSettings();
    fireEvent.click(screen.getByTestId('settings-delete-start'));
    fireEvent.click(screen.getByLabelText('It is too expensive'));
    fireEvent.click(screen.getByTestId('settings-delete-next'));
    expect(screen.getByText('Stay and get 50% off')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('settings-delete-discount'));
    return router;
  };

  it('claims the delete discount for the next order, then goes to the credits', async () => {
    fetchMock.mockResolvedValue(json(200, { code: 'STAY-7', value_percentage: 50, spent: false }));
    const router = stayOffer();
    await waitFor(() => expect(router.state.location.pathname).toBe('/credits'));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toContain('/api/stay-discount');
    expect((init as RequestInit).method).toBe('POST');
  });

  it('says so when the delete discount was used already', async () => {
    fetchMock.mockResolvedValue(json(200, { code: 'STAY-7', value_percentage: 50, spent: true }));
    stayOffer();
    expect(await screen.findByTestId('settings-delete-discount-spent')).toHaveTextContent('You have already used this discount.');
  });

  it('takes a break with invisible mode instead of deleting', async () => {
    fetchMock.mockResolvedValue(json(200, { user: userFixture({ invisible: true }) }));
    renderSettings();
    fireEvent.click(screen.getByTestId('settings-delete-start'));
    fireEvent.click(screen.getByLabelText('I am taking a break'));
    fireEvent.click(screen.getByTestId('settings-delete-next'));
    fireEvent.click(screen.getByTestId('settings-delete-invisible'));
    expect(await screen.findByTestId('settings-delete-invisible-done')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('settings-delete-keep'));
    expect(screen.getByTestId('settings-delete-start')).toBeInTheDocument();
    expect(useSession.getState().user?.invisible).toBe(true);
  });

  it('refuses a wrong password at the field', async () => {
    fetchMock.mockResolvedValue(json(400, { error: 'password_wrong', params: {} }));
    renderSettings();
    fireEvent.click(screen.getByTestId('settings-delete-start'));
    fireEvent.click(screen.getByLabelText('I found a partner'));
    fireEvent.click(screen.getByTestId('settings-delete-next'));
    fireEvent.click(screen.getByTestId('settings-delete-next'));
    fireEvent.change(within(section('settings-delete')).getByLabelText('Your current password'), { target: { value: 'nope-nope' } });
    fireEvent.click(screen.getByTestId('settings-delete-confirm'));
    expect(await screen.findByText('Wrong password.')).toBeInTheDocument();
  });

  it('speaks to a Polish woman in the feminine (issue 29.7)', async () => {
    await setupTestI18n('pl');
    try {
      renderSettings();
      expect(section('settings-password')).toHaveTextContent('zostaniesz wylogowana na innych urządzeniach');
      expect(section('settings-invisible')).toHaveTextContent('Pierwszy kontakt musisz nawiązać sama.');
      expect(section('settings-quiet')).toHaveTextContent('kiedy przeczytałaś ich wiadomości');
    } finally {
      await setupTestI18n('en');
    }
  });
});

