import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { settingsFixture, userFixture } from '../../test/fixtures';
import { renderInRouter, seedStores, setupTestI18n } from '../../test/render';
import { useSession } from '../../shared/session';
import { ActivateDonePage, ActivateErrorPage } from './ActivationPages';
import { AccountDeletedPage, partnerRedirect } from './AccountDeletedPage';
import { ResetPasswordDoPage, ResetPasswordPage } from './ResetPasswordPage';
import { stubFetch } from '../../test/fetchStub';

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeAll(() => setupTestI18n());
beforeEach(() => {
  seedStores({ settings: settingsFixture({ support_email: 'help@amora.test', partner_url: '' }) });
  fetchMock = vi.fn();
  stubFetch(fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ user: null });
});

function renderAt(path: string, routes: Record<string, React.ReactNode>) {
  const router = createMemoryRouter(
    Object.entries(routes).map(([route, element]) => ({ path: route, element })),
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('password reset', () => {
  it('answers the same whether or not the address has an account', async () => {
    fetchMock.mockResolvedValue(json(204, undefined));
    renderInRouter(<ResetPasswordPage />);
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'who@example.test' } });
    fireEvent.click(screen.getByTestId('reset-submit'));
    expect(await screen.findByTestId('reset-sent')).toHaveTextContent('If an account exists for who@example.test');
  });

  it('says when too many mails were asked for', async () => {
    fetchMock.mockResolvedValue(json(429, { error: 'too_many_reset_mails', params: {} }));
    renderInRouter(<ResetPasswordPage />);
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'who@example.test' } });
    fireEvent.click(screen.getByTestId('reset-submit'));
    expect(await screen.findByTestId('reset-error')).toHaveTextContent('please try again tomorrow');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('sets the new password and sends the member to the login with a notice', async () => {
    fetchMock.mockResolvedValue(json(204, undefined));
    const router = renderAt('/reset-password/do?token=tok', {
      '/reset-password/do': <ResetPasswordDoPage />,
      '/login': <p>login</p>,
    });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'brand-new-pass' } });
    fireEvent.change(screen.getByLabelText('Repeat new password'), { target: { value: 'brand-new-pass' } });
    fireEvent.click(screen.getByTestId('reset-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?password_reset=1');
    expect(JSON.parse(fetchMock.mock.calls[0]![1].body)).toEqual({ token: 'tok', password: 'brand-new-pass', repeat: 'brand-new-pass' });
  });

  it('offers a new link when the link expired', async () => {
    fetchMock.mockResolvedValue(json(400, { error: 'reset_link_invalid', params: {} }));
    renderAt('/reset-password/do?token=old', { '/reset-password/do': <ResetPasswordDoPage /> });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'brand-new-pass' } });
    fireEvent.change(screen.getByLabelText('Repeat new password'), { target: { value: 'brand-new-pass' } });
    fireEvent.click(screen.getByTestId('reset-submit'));
    expect(await screen.findByTestId('reset-link-invalid')).toHaveTextContent('Link expired or invalid, request a new e-mail');
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/reset-password');
  });
});

describe('activation', () => {
  it('welcomes the member and refreshes the session', async () => {
    const active = userFixture({ status: 'active' });
    useSession.setState({ user: userFixture({ status: 'not_confirmed' }) });
    fetchMock.mockImplementation(() => Promise.resolve(json(200, { user: active })));
    renderAt('/activate/done?token=good', { '/activate/done': <ActivateDonePage /> });
    expect(await screen.findByText('Welcome to Amora!')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/activation', '/api/user']);
    expect(useSession.getState().user?.status).toBe('active');
  });

  it('goes to the error screen when the link fails', async () => {
    fetchMock.mockResolvedValue(json(400, { error: 'activation_failed', params: {} }));
    const router = renderAt('/activate/done?token=bad', {
      '/activate/done': <ActivateDonePage />,
      '/activate/error': <ActivateErrorPage />,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/activate/error'));
    // The router's state changes before its screen renders: wait for the screen itself.
    expect(await screen.findByRole('heading', { level: 1, name: 'Activation failed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'help@amora.test' })).toHaveAttribute('href', 'mailto:help@amora.test');
  });

  it('lets a logged-in member ask for a new mail on the error screen', () => {
    useSession.setState({ user: userFixture({ status: 'not_confirmed' }) });
    renderInRouter(<ActivateErrorPage />);
    expect(screen.getByTestId('resend-activation')).toBeInTheDocument();
  });
});

/** /account-deleted as the deletion flow opens it (history state `deleted`, the reason). */
function renderDeleted(reason: string | null = 'privacy') {
  const router = createMemoryRouter([{ path: '*', element: <AccountDeletedPage /> }], {
    initialEntries: [{ pathname: '/account-deleted', state: { deleted: true, reason } }],
  });
  return { router, ...render(<RouterProvider router={router} />) };
}

describe('account deleted', () => {
  it('confirms the deletion and the 14 days to change one\'s mind', () => {
    renderDeleted();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Your account has been deleted');
    expect(document.body).toHaveTextContent('within 14 days');
    expect(screen.queryByTestId('partner-suggestion')).toBeNull();
  });

  it('suggests the partner site when there is one', () => {
    seedStores({ settings: settingsFixture({ partner_url: 'https://partner.test', partner_countdown: 7 }) });
    renderDeleted();
    expect(screen.getByTestId('partner-seconds')).toHaveTextContent('7');
  });

  it('congratulates a member who found a partner and sends them to no other dating site (issue 29.7)', () => {
    vi.useFakeTimers();
    const go = vi.spyOn(partnerRedirect, 'go').mockImplementation(() => undefined);
    try {
      seedStores({ settings: settingsFixture({ partner_url: 'https://partner.test', partner_countdown: 3 }) });
      renderDeleted('found_partner');
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Congratulations!');
      expect(document.body).toHaveTextContent('Your account has been deleted');
      expect(document.body).toHaveTextContent('within 14 days');
      expect(screen.queryByTestId('partner-suggestion')).toBeNull();
      expect(document.body).not.toHaveTextContent('partner.test');
      act(() => vi.advanceTimersByTime(10_000));
      expect(go).not.toHaveBeenCalled();
    } finally {
      go.mockRestore();
      vi.useRealTimers();
    }
  });

  it('is shown only after a deletion: typed in or linked, it goes home (issue 19.6)', () => {
    const { router } = renderInRouter(<AccountDeletedPage />, '/account-deleted');
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByText('Your account has been deleted')).toBeNull();
  });

  it('reactivates with the mailed token and logs in', async () => {
    const user = userFixture();
    fetchMock.mockResolvedValue(json(200, { user }));
    const router = renderAt('/account-deleted?reactivate=tok', {
      '/account-deleted': <AccountDeletedPage />,
      '/members': <p>members</p>,
    });
    fireEvent.click(screen.getByTestId('reactivate-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/members'));
    expect(JSON.parse(fetchMock.mock.calls[0]![1].body)).toEqual({ token: 'tok' });
    expect(useSession.getState().user).toEqual(user);
  });
});
