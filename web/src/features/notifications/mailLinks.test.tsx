/** The pages behind a mail's links: one-click unsubscribe and the login link. */
import { fireEvent, render, screen, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../shared/i18n/i18n';
import { settingsFixture, userFixture } from '../../test/fixtures';
import { seedStores, setupTestI18n } from '../../test/render';
import { eventually, flush } from '../../test/time';
import { useSession } from '../../shared/session';
import { LoginLinkPage, looksLikeToken } from './LoginLinkPage';
import { UnsubscribePage } from './UnsubscribePage';
import { stubFetch } from '../../test/fetchStub';

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

type Serve = (url: URL, init?: RequestInit) => Response;
let fetchMock: ReturnType<typeof vi.fn>;
let serve: Serve;
const calls = (path: string, method = 'GET') =>
  fetchMock.mock.calls.filter(
    ([url, init]) => new URL(String(url), 'http://amora.test').pathname === path && ((init as RequestInit | undefined)?.method ?? 'GET') === method,
  );
const queryOf = (call: unknown[]) => Object.fromEntries(new URL(String(call[0]), 'http://amora.test').searchParams);

// Each test uses its own token: the pages remember a token's request (StrictMode).
let n = 0;
const token = () => `tok${++n}_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789`;

beforeAll(async () => {
  await setupTestI18n();
  await i18n.loadNamespaces(['notifications']);
});
beforeEach(() => {
  seedStores({ settings: settingsFixture() });
  useSession.setState({ user: null });
  serve = () => json(404, { error: 'not_found', params: {} });
  fetchMock = vi.fn((url: string, init?: RequestInit) => Promise.resolve(serve(new URL(url, 'http://amora.test'), init)));
  stubFetch(fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ user: null });
});

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/unsubscribe', element: <UnsubscribePage /> },
      { path: '/chats/:id', element: <p>conversation</p> },
      { path: '/members', element: <p>members area</p> },
      { path: '/login', element: <p>login page</p> },
      { path: '/:token', element: <LoginLinkPage /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  return router;
}

/** Lets fetch answers and React updates run (event-loop turns, not a sleep). */
const settle = () => flush();

describe('the unsubscribe page', () => {
  it('unsubscribes once on opening and names what stops', async () => {
    serve = () => json(200, { preference: 'new_messages', all: false });
    const link = token();
    renderAt(`/unsubscribe?token=${link}`);
    expect(screen.getByTestId('unsubscribe-busy')).toHaveTextContent('Unsubscribing…');
    expect(await screen.findByTestId('unsubscribe-done')).toHaveTextContent('You will no longer receive e-mails about “New messages”.');
    expect(calls('/api/unsubscribe', 'POST')).toHaveLength(1);
    expect(queryOf(calls('/api/unsubscribe', 'POST')[0]!)).toEqual({ token: link });
    // A visitor is offered the settings behind the login.
    expect(screen.getByTestId('unsubscribe-settings')).toHaveTextContent('Log in to choose which e-mails you receive');
    expect(screen.getByTestId('unsubscribe-settings')).toHaveAttribute('href', '/notifications');
  });

  it('offers to stop all e-mail, and then says so', async () => {
    serve = (url) => json(200, { preference: 'weekly_updates', all: url.searchParams.get('all') === 'true' });
    useSession.setState({ user: userFixture() });
    const link = token();
    renderAt(`/unsubscribe?token=${link}`);
    expect(await screen.findByTestId('unsubscribe-done')).toHaveTextContent('“Weekly update”');
    expect(screen.getByTestId('unsubscribe-settings')).toHaveTextContent('Go to your notification settings');
    fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe from all e-mails' }));
    await eventually(() => expect(screen.getByTestId('unsubscribe-done')).toHaveTextContent('You will no longer receive any e-mails from us.'));
    expect(calls('/api/unsubscribe', 'POST').map(queryOf)).toEqual([{ token: link }, { token: link, all: 'true' }]);
    expect(screen.queryByRole('button', { name: 'Unsubscribe from all e-mails' })).toBeNull();
    expect(screen.getByTestId('unsubscribe-all-note')).toBeInTheDocument();
  });

  it('stops all e-mail at once for a link with all=1', async () => {
    serve = () => json(200, { preference: 'news', all: true });
    const link = token();
    renderAt(`/unsubscribe?token=${link}&all=1`);
    expect(await screen.findByTestId('unsubscribe-done')).toHaveTextContent('You will no longer receive any e-mails from us.');
    expect(calls('/api/unsubscribe', 'POST').map(queryOf)).toEqual([{ token: link, all: 'true' }]);
  });

  it('says so clearly for an invalid link, or one without a token', async () => {
    serve = () => json(400, { error: 'unsubscribe_invalid', params: {} });
    renderAt(`/unsubscribe?token=${token()}`);
    expect(await screen.findByTestId('unsubscribe-invalid')).toHaveTextContent('This unsubscribe link is not valid.');
    expect(screen.getByRole('heading', { name: 'This link does not work' })).toBeInTheDocument();
  });

  it('does not call the server without a token', async () => {
    renderAt('/unsubscribe');
    expect(await screen.findByTestId('unsubscribe-invalid')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('offers to try again after another failure', async () => {
    serve = () => json(404, { error: 'not_found', params: {} });
    renderAt(`/unsubscribe?token=${token()}`);
    const error = await screen.findByTestId('unsubscribe-error');
    expect(error).toHaveTextContent('This could not be found.');
    serve = () => json(200, { preference: 'promotions', all: false });
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('unsubscribe-done')).toHaveTextContent('“Offers”');
  });
});

describe('the login link page', () => {
  it('tells a token from other paths', () => {
    expect(looksLikeToken('AbCdEfGhIjKlMnOpQrStUvWxYz')).toBe(true);
    expect(looksLikeToken('short')).toBe(false);
    expect(looksLikeToken('some-long-file-name-here.png')).toBe(false);
    expect(looksLikeToken(undefined)).toBe(false);
  });

  it('logs in once, refreshes the session and goes where the mail meant', async () => {
    const link = token();
    serve = (url) =>
      url.pathname === '/api/login-link'
        ? json(200, { user: userFixture(), next: '/chats/12' })
        : url.pathname === '/api/user'
          ? json(200, { user: userFixture({ id: 42 }) })
          : json(404, { error: 'not_found' });
    const router = renderAt(`/${link}`);
    expect(screen.getByTestId('login-link-busy')).toHaveTextContent('Logging you in…');
    expect(await screen.findByText('conversation')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/chats/12');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(useSession.getState().user?.id).toBe(42);
    const posts = calls('/api/login-link', 'POST');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(String((posts[0]![1] as RequestInit).body))).toEqual({ token: link });
  });

  it('never follows a next that leaves the site', async () => {
    serve = (url) =>
      url.pathname === '/api/login-link'
        ? json(200, { user: userFixture(), next: '//evil.test/x' })
        : json(200, { user: userFixture() });
    const router = renderAt(`/${token()}`);
    expect(await screen.findByText('members area')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/members');
  });

  it.each([
    [400, 'login_link_invalid', 'This login link has expired or was already used.'],
    [403, 'login_links_disabled', 'Login links are turned off for this site.'],
    [409, 'account_deleted', 'This account has been deleted. Sign up with another e-mail address.'],
  ])('says why a link failed (%s %s) and offers the login', async (status, code, text) => {
    serve = () => json(status, { error: code, params: {} });
    const router = renderAt(`/${token()}`);
    expect(await screen.findByTestId('login-link-failed')).toHaveTextContent(text);
    fireEvent.click(screen.getByRole('link', { name: 'Go to the login' }));
    await eventually(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('shows the not-found page for a path that is no token, without asking the server', async () => {
    renderAt('/no-such-page');
    expect(await screen.findByText('This page could not be found')).toBeInTheDocument();
    renderAt('/robots-and-more-text.txt');
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
