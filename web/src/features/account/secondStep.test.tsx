/** The login's second step (issue 33.2): after the password, a code of the app or a recovery code. */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { settingsFixture, userFixture } from '../../test/fixtures';
import { seedStores, setupTestI18n } from '../../test/render';
import { stubFetch } from '../../test/fetchStub';
import { useSession } from '../../shared/session';
import { LoginPage } from './LoginPage';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const SECOND_STEP = { error: 'two_factor_required', params: { challenge: 'chal-123', expires_in: 300 } };

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

function renderLogin(entry: string | { pathname: string; state: unknown } = '/login?redirect=%2Fsettings') {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [entry] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

async function passwordStep() {
  fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'sam@example.test' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-123' } });
  fireEvent.click(screen.getByTestId('login-submit'));
  return screen.findByTestId('login-second-step-code');
}

describe('two-step login', () => {
  it('asks for the app code after the password, then signs in', async () => {
    const user = userFixture();
    fetchMock.mockResolvedValueOnce(json(401, SECOND_STEP)).mockResolvedValueOnce(json(200, { user }));
    const router = renderLogin();
    const code = await passwordStep();
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByRole('heading', { name: 'Two-step login' })).toBeInTheDocument();
    expect(useSession.getState().user).toBeNull();
    fireEvent.change(code, { target: { value: '123 456' } });
    fireEvent.click(screen.getByTestId('login-second-step-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(useSession.getState().user).toEqual(user);
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe('/api/two-factor/sign-in');
    expect(JSON.parse(init.body)).toEqual({ challenge: 'chal-123', code: '123 456' });
  });

  it('shows a wrong code at the field and keeps the step', async () => {
    fetchMock.mockResolvedValueOnce(json(401, SECOND_STEP)).mockResolvedValueOnce(json(400, { error: 'two_factor_code_used', params: {} }));
    renderLogin();
    const code = await passwordStep();
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('login-second-step-submit'));
    expect(await screen.findByText('That code has been used already. Wait for the next code in your app.')).toBeInTheDocument();
    expect(screen.getByTestId('login-second-step-code')).toHaveAttribute('aria-invalid', 'true');
  });

  it('takes a recovery code instead', async () => {
    fetchMock.mockResolvedValueOnce(json(401, SECOND_STEP)).mockResolvedValueOnce(json(200, { user: userFixture() }));
    renderLogin();
    await passwordStep();
    fireEvent.click(screen.getByTestId('login-second-step-switch'));
    const code = screen.getByLabelText('Recovery code');
    expect(code).not.toHaveAttribute('inputmode');
    fireEvent.change(code, { target: { value: 'k7m2p-x9qwd' } });
    fireEvent.click(screen.getByTestId('login-second-step-submit'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(JSON.parse(fetchMock.mock.calls[1]![1].body)).toEqual({ challenge: 'chal-123', code: 'k7m2p-x9qwd' });
  });

  it('goes back to the password when the challenge ran out', async () => {
    fetchMock.mockResolvedValueOnce(json(401, SECOND_STEP)).mockResolvedValueOnce(json(400, { error: 'two_factor_challenge_invalid', params: {} }));
    renderLogin();
    const code = await passwordStep();
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('login-second-step-submit'));
    expect(await screen.findByTestId('login-error')).toHaveTextContent('That took too long. Please enter your password again.');
    expect(screen.getByTestId('login-submit')).toBeInTheDocument();
  });

  it("continues a mail link's login where the link meant to go", async () => {
    fetchMock.mockResolvedValueOnce(json(200, { user: userFixture(), next: '/chats/7' }));
    const router = renderLogin({ pathname: '/login', state: { secondStep: { challenge: 'from-link' } } });
    fireEvent.change(await screen.findByTestId('login-second-step-code'), { target: { value: '654321' } });
    fireEvent.click(screen.getByTestId('login-second-step-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chats/7'));
    expect(JSON.parse(fetchMock.mock.calls[0]![1].body)).toEqual({ challenge: 'from-link', code: '654321' });
  });
});
