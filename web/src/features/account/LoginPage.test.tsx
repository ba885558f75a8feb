import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { settingsFixture, userFixture } from '../../test/fixtures';
import { seedStores, setupTestI18n } from '../../test/render';
import { useSession } from '../../shared/session';
import { LoginPage } from './LoginPage';
import { stubFetch } from '../../test/fetchStub';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeAll(() => setupTestI18n());
beforeEach(() => {
  seedStores({ settings: settingsFixture() });
  fetchMock = vi.fn();
  stubFetch(fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ user: null });
});

function renderLogin(path = '/login') {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

function submit(email = 'sam@example.test', password = 'secret-123') {
  fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByTestId('login-submit'));
}

describe('login', () => {
  it('logs in and goes back to where the member wanted to be', async () => {
    const user = userFixture();
    fetchMock.mockResolvedValue(json(200, { user }));
    const router = renderLogin('/login?redirect=%2Fsettings%3Fx%3D1');
    submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(router.state.location.search).toBe('?x=1');
    expect(useSession.getState().user).toEqual(user);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/user');
    expect(JSON.parse(init.body)).toEqual({ email: 'sam@example.test', password: 'secret-123' });
  });

  it('goes to the members area without a redirect', async () => {
    fetchMock.mockResolvedValue(json(200, { user: userFixture() }));
    const router = renderLogin();
    submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/members'));
  });

  it('shows a failed login', async () => {
    fetchMock.mockResolvedValue(json(400, { error: 'login_failed', params: {} }));
    renderLogin();
    submit();
    expect(await screen.findByTestId('login-error')).toHaveTextContent('Login failed, please try again');
  });

  it('shows the lockout at once, without retrying', async () => {
    fetchMock.mockResolvedValue(json(429, { error: 'too_many_attempts', params: { minutes: 12 } }));
    renderLogin();
    submit();
    expect(await screen.findByTestId('login-error')).toHaveTextContent('Too many failed attempts, account blocked for 12 min.');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('sends banned members to the ban page', async () => {
    fetchMock.mockResolvedValue(json(403, { error: 'account_banned', params: {} }));
    const router = renderLogin();
    submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/ban'));
  });

  it('explains reactivation for a recently deleted account', async () => {
    fetchMock.mockResolvedValue(json(409, { error: 'account_deleted_reactivatable', params: { support_email: 'help@amora.test' } }));
    renderLogin();
    submit();
    expect(await screen.findByTestId('login-error')).toHaveTextContent('help@amora.test');
    expect(screen.getByRole('link', { name: 'Contact customer service' })).toHaveAttribute('href', 'mailto:help@amora.test');
  });

  it('checks the fields before asking the server', () => {
    renderLogin();
    submit('not-an-address', '');
    expect(screen.getByText('Invalid e-mail')).toBeInTheDocument();
    expect(screen.getByText('Enter your password.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('links to the password reset and the signup, and shows or hides the password', () => {
    renderLogin();
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/reset-password');
    expect(screen.getByRole('link', { name: 'Sign up for free' })).toHaveAttribute('href', '/signup');
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('hides the signup link when signups are closed', () => {
    seedStores({ settings: settingsFixture({ signups: 'invite_only' }) });
    renderLogin();
    expect(screen.queryByRole('link', { name: 'Sign up for free' })).toBeNull();
  });

  it('confirms a password reset', () => {
    renderLogin('/login?password_reset=1');
    expect(screen.getByText('Your password has been changed. Log in with your new password.')).toBeInTheDocument();
  });
});
