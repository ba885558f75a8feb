import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../shared/i18n/i18n';
import { settingsFixture, userFixture } from '../../test/fixtures';
import { seedStores, setupTestI18n } from '../../test/render';
import { eventually, flush } from '../../test/time';
import { type FakePushBrowser, TEST_PUSH_KEY, installFakePush } from '../../test/fakePush';
import { resetPushForTests, usePush } from '../../shared/push';
import { useSession } from '../../shared/session';
import { usePageTitleStore } from '../../shared/title';
import type { MailOff, Notifications } from './notificationsApi';
import { NotificationsPage, SAVED_VISIBLE_MS } from './NotificationsPage';
import { initialSettings, settingsReducer, shownSettings } from './settingsState';
import { stubFetch } from '../../test/fetchStub';

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function notifications(overrides: Partial<Notifications> = {}): Notifications {
  return {
    preferences: {
      new_conversations: true,
      new_messages: true,
      like: true,
      unread_message_reminders: true,
      promotions: false,
      weekly_updates: true,
      news: true,
      reminders: true,
    },
    language: 'en',
    email: 'sam@example.test',
    mail_off: null,
    ...overrides,
  };
}

let fetchMock: ReturnType<typeof vi.fn>;
let current: Notifications;
let putAnswer: ((body: Record<string, unknown>) => Response) | null;
let getAnswer: (() => Response) | null;
let browser: FakePushBrowser | null = null;

const calls = (path: string, method = 'GET') =>
  fetchMock.mock.calls.filter(
    ([url, init]) => new URL(String(url), 'http://amora.test').pathname === path && ((init as RequestInit | undefined)?.method ?? 'GET') === method,
  );
const bodies = (path: string, method: string) => calls(path, method).map(([, init]) => JSON.parse(String((init as RequestInit).body)) as unknown);

beforeAll(async () => {
  await setupTestI18n();
  await i18n.loadNamespaces(['notifications']);
});
beforeEach(() => {
  resetPushForTests();
  seedStores({ settings: settingsFixture() });
  useSession.setState({ user: userFixture() });
  current = notifications();
  putAnswer = null;
  getAnswer = null;
  fetchMock = vi.fn((url: string, init?: RequestInit) => {
    const { pathname } = new URL(url, 'http://amora.test');
    const method = init?.method ?? 'GET';
    if (pathname === '/api/notifications' && method === 'GET') return Promise.resolve(getAnswer ? getAnswer() : json(200, current));
    if (pathname === '/api/notifications' && method === 'PUT') {
      const body = JSON.parse(String(init!.body)) as { preferences?: Record<string, boolean>; language?: string; mail_on?: boolean };
      if (putAnswer) return Promise.resolve(putAnswer(body));
      current = {
        ...current,
        preferences: { ...current.preferences, ...body.preferences },
        language: body.language ?? current.language,
        mail_off: body.mail_on ? null : current.mail_off,
      };
      return Promise.resolve(json(200, current));
    }
    if (pathname === '/api/settings') return Promise.resolve(json(200, settingsFixture()));
    if (pathname === '/api/user') return Promise.resolve(new Response(null, { status: 204 }));
    return Promise.resolve(json(404, { error: 'not_found', params: {} }));
  });
  stubFetch(fetchMock);
});
afterEach(async () => {
  browser?.uninstall();
  browser = null;
  vi.useRealTimers();
  vi.unstubAllGlobals();
  useSession.setState({ user: null });
  if (i18n.language !== 'en') await act(() => i18n.changeLanguage('en'));
});

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/notifications', element: <NotificationsPage /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: ['/notifications'] },
  );
  render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  return router;
}

/** Lets fetch answers and React updates run (event-loop turns, not a sleep); fake time moves by `ms`. */
async function settle(ms = 0) {
  if (vi.isFakeTimers()) await act(() => vi.advanceTimersByTimeAsync(ms));
  await flush();
}

describe('the settings state', () => {
  it('lays changes on their way over the answer, and falls back when one fails', () => {
    let state = initialSettings(notifications());
    state = settingsReducer(state, { type: 'change', key: 'news', value: false, request: 1 });
    state = settingsReducer(state, { type: 'change', key: 'like', value: false, request: 2 });
    expect(shownSettings(state).preferences).toMatchObject({ news: false, like: false });
    // The first answer does not know the second change yet: the switch stays as flipped.
    state = settingsReducer(state, { type: 'answer', control: 'news', request: 1, answer: notifications({ preferences: { ...notifications().preferences, news: false } }) });
    expect(shownSettings(state).preferences).toMatchObject({ news: false, like: false });
    expect(state.status.news).toEqual({ phase: 'saved' });
    state = settingsReducer(state, { type: 'failed', control: 'like', request: 2, error: new Error('x') });
    expect(shownSettings(state).preferences).toMatchObject({ news: false, like: true });
    expect(state.status.like).toMatchObject({ phase: 'failed' });
  });

  it('ignores the outcome of a change that a later one replaced', () => {
    let state = initialSettings(notifications());
    state = settingsReducer(state, { type: 'change', key: 'news', value: false, request: 1 });
    state = settingsReducer(state, { type: 'change', key: 'news', value: true, request: 2 });
    state = settingsReducer(state, { type: 'failed', control: 'news', request: 1, error: new Error('x') });
    expect(shownSettings(state).preferences.news).toBe(true);
    expect(state.status.news).toEqual({ phase: 'saving' });
  });
});

describe('the notifications page', () => {
  it('shows the eight preferences in their groups, each with a description', async () => {
    renderPage();
    expect(screen.getByTestId('notifications-loading')).toBeInTheDocument();
    const messages = await screen.findByRole('group', { name: 'Messages' });
    expect(messages).toHaveAttribute('data-testid', 'pref-group-messages');
    expect(within(messages).getAllByRole('switch')).toHaveLength(3);
    expect(within(screen.getByTestId('pref-group-likes')).getAllByRole('switch')).toHaveLength(1);
    const fromUs = screen.getByTestId('pref-group-fromUs');
    expect(within(fromUs).getByText('From Amora')).toBeInTheDocument();
    expect(within(fromUs).getAllByRole('switch')).toHaveLength(4);

    const newMessages = screen.getByRole('switch', { name: 'New messages' });
    expect(newMessages).toBeChecked();
    expect(newMessages).toHaveAccessibleDescription('A new message or gift in one of your conversations.');
    expect(screen.getByRole('switch', { name: 'Offers' })).not.toBeChecked();
    expect(screen.queryByTestId('mail-off')).toBeNull();
    expect(usePageTitleStore.getState().pageTitle).toBe('Notifications');
  });

  it('saves a switch at once with only its key, and says so', async () => {
    renderPage();
    const toggle = await screen.findByRole('switch', { name: 'New messages' });
    // From here on time moves only when the test says: "Saved" shows for SAVED_VISIBLE_MS.
    vi.useFakeTimers();
    fireEvent.click(toggle);
    expect(screen.getByRole('switch', { name: 'New messages' })).not.toBeChecked();
    expect(screen.getByTestId('pref-status-new_messages')).toHaveTextContent('Saving…');
    await settle();
    expect(bodies('/api/notifications', 'PUT')).toEqual([{ preferences: { new_messages: false } }]);
    const status = screen.getByTestId('pref-status-new_messages');
    expect(status).toHaveAttribute('role', 'status');
    expect(status).toHaveTextContent('Saved');
    expect(screen.getByRole('switch', { name: 'New messages' })).not.toBeChecked();

    await settle(SAVED_VISIBLE_MS);
    expect(screen.getByTestId('pref-status-new_messages')).toHaveTextContent('');

    fireEvent.click(screen.getByRole('switch', { name: 'Offers' }));
    await settle();
    expect(bodies('/api/notifications', 'PUT').at(-1)).toEqual({ preferences: { promotions: true } });
    expect(screen.getByRole('switch', { name: 'Offers' })).toBeChecked();
  });

  it('puts a switch back and says why when saving fails', async () => {
    putAnswer = () => json(400, { error: 'invalid_request', params: {} });
    renderPage();
    fireEvent.click(await screen.findByRole('switch', { name: 'Likes and matches' }));
    expect(screen.getByRole('switch', { name: 'Likes and matches' })).not.toBeChecked();
    const error = await screen.findByTestId('pref-error-like');
    expect(error).toHaveTextContent('Your change to “Likes and matches” was not saved. The request was not valid.');
    expect(error).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('switch', { name: 'Likes and matches' })).toBeChecked();
    expect(screen.getByTestId('pref-status-like')).toHaveTextContent('');
  });

  it.each<[MailOff, string]>([
    ['fbl', 'You marked one of our e-mails as spam, so we stopped all e-mail. Want it again?'],
    [
      'bounce',
      'E-mails to sam@example.test could not be delivered, so we stopped sending. Check your address (change it in your settings) and turn e-mail back on.',
    ],
    ['unsubscribed', 'You unsubscribed from all e-mails.'],
  ])('explains why e-mail is off (%s) and turns it back on', async (reason, text) => {
    current = notifications({ mail_off: reason });
    useSession.setState({ user: userFixture({ notifications_disabled: [reason] }) });
    renderPage();
    const alert = await screen.findByTestId('mail-off');
    expect(alert).toHaveAttribute('data-reason', reason);
    expect(within(alert).getByRole('heading', { name: 'We are not sending you any e-mail' })).toBeInTheDocument();
    expect(screen.getByTestId('mail-off-text')).toHaveTextContent(text);
    if (reason === 'bounce') {
      expect(within(alert).getByRole('link', { name: 'your settings' })).toHaveAttribute('href', '/settings');
      expect(within(alert).getByText('sam@example.test').tagName).toBe('STRONG');
    }

    fireEvent.click(within(alert).getByRole('button', { name: 'Turn e-mail back on' }));
    expect(await screen.findByTestId('mail-on-done')).toHaveTextContent('E-mail is on again');
    expect(bodies('/api/notifications', 'PUT')).toEqual([{ mail_on: true }]);
    expect(screen.queryByTestId('mail-off')).toBeNull();
    expect(useSession.getState().user?.notifications_disabled).toEqual([]);
  });

  it('keeps the alert and says why when e-mail could not be turned back on', async () => {
    current = notifications({ mail_off: 'fbl' });
    putAnswer = () => json(400, { error: 'invalid_request', params: {} });
    renderPage();
    fireEvent.click(await screen.findByTestId('mail-on'));
    expect(await screen.findByTestId('mail-on-error')).toHaveTextContent('The request was not valid.');
    expect(screen.getByTestId('mail-off')).toBeInTheDocument();
  });

  it('saves the preferred language and shows the site in it', async () => {
    renderPage();
    const select = await screen.findByRole('combobox', { name: 'Preferred language' });
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Dansk', 'Deutsch', 'English', 'Español', 'Suomi', 'Français', 'Italiano', 'Norsk bokmål', 'Nederlands', 'Polski', 'Svenska',
    ]);
    expect(select).toHaveValue('en');
    fireEvent.change(select, { target: { value: 'de' } });
    await settle();
    expect(bodies('/api/notifications', 'PUT')).toEqual([{ language: 'de' }]);
    await eventually(() => expect(i18n.language).toBe('de'));
    expect(document.documentElement.lang).toBe('de');
    expect(useSession.getState().user?.language).toBe('de');
    expect(await screen.findByRole('heading', { level: 1, name: 'Benachrichtigungen' })).toBeInTheDocument();
    expect(screen.getByTestId('language-status')).toHaveTextContent('Gespeichert');
    // Only one save: the language mechanism does not PUT /api/user on top.
    expect(calls('/api/user', 'PUT')).toHaveLength(0);
  });

  it('saves a language the site does not offer without switching the site to it', async () => {
    renderPage();
    fireEvent.change(await screen.findByRole('combobox', { name: 'Preferred language' }), { target: { value: 'pl' } });
    await settle();
    expect(bodies('/api/notifications', 'PUT')).toEqual([{ language: 'pl' }]);
    expect(screen.getByRole('combobox', { name: 'Preferred language' })).toHaveValue('pl');
    expect(i18n.language).toBe('en');
  });

  it('offers to try again when the settings could not be loaded', async () => {
    getAnswer = () => json(403, { error: 'forbidden', params: {} });
    renderPage();
    const error = await screen.findByTestId('notifications-error');
    expect(error).toHaveTextContent('You are not allowed to do this.');
    getAnswer = null;
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('pref-group-messages')).toBeInTheDocument();
  });

  it('sends a visitor to the login', async () => {
    useSession.setState({ user: null });
    const router = renderPage();
    await settle();
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('the push section', () => {
  const pushState = () => screen.findByTestId('push-state');

  it('says when the site has no push key', async () => {
    renderPage();
    await eventually(async () => expect(await pushState()).toHaveAttribute('data-state', 'unsupported'));
    expect(screen.getByTestId('push-unsupported')).toHaveTextContent('Amora does not send push notifications yet.');
  });

  it('says when the browser cannot push', async () => {
    seedStores({ settings: settingsFixture({ push_public_key: TEST_PUSH_KEY }) });
    renderPage();
    await eventually(async () => expect(await pushState()).toHaveAttribute('data-state', 'unsupported'));
    expect(screen.getByTestId('push-unsupported')).toHaveTextContent('This browser cannot show push notifications.');
  });

  it('turns push on and off', async () => {
    seedStores({ settings: settingsFixture({ push_public_key: TEST_PUSH_KEY }) });
    browser = installFakePush();
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on push notifications' }));
    const off = await screen.findByRole('button', { name: 'Turn off' });
    expect(screen.getByTestId('push-state')).toHaveAttribute('data-state', 'subscribed');
    expect(screen.getByTestId('push-state')).toHaveTextContent(/On this device\s*On/);
    expect(calls('/api/user', 'POST')).toHaveLength(1);

    fireEvent.click(off);
    expect(await screen.findByRole('button', { name: 'Turn on push notifications' })).toBeInTheDocument();
    expect(usePush.getState().state).toBe('unsubscribed');
    expect(calls('/api/user', 'POST')).toHaveLength(2);
  });

  it('explains how to allow notifications once they are blocked', async () => {
    seedStores({ settings: settingsFixture({ push_public_key: TEST_PUSH_KEY }) });
    browser = installFakePush({ permission: 'denied' });
    renderPage();
    const denied = await screen.findByTestId('push-denied');
    expect(denied).toHaveTextContent('Notifications are blocked');
    expect(denied).toHaveTextContent('You blocked notifications for Amora in this browser. To allow them, open the site settings');
    expect(screen.queryByRole('button', { name: 'Turn on push notifications' })).toBeNull();
  });

  it('becomes denied when the member blocks the prompt, and says when subscribing failed', async () => {
    seedStores({ settings: settingsFixture({ push_public_key: TEST_PUSH_KEY }) });
    browser = installFakePush();
    browser.notification.answer = 'denied';
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on push notifications' }));
    expect(await screen.findByTestId('push-denied')).toBeInTheDocument();

    browser.notification.permission = 'default';
    browser.notification.answer = 'granted';
    browser.pushManager.subscribe.mockRejectedValueOnce(new DOMException('push service not available', 'AbortError'));
    await act(() => usePush.getState().check());
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on push notifications' }));
    expect(await screen.findByTestId('push-error')).toHaveTextContent('Push notifications could not be turned on in this browser.');
  });

  it('addresses a woman in the feminine in Polish and a man in the masculine (issue 29.7)', async () => {
    await act(() => i18n.changeLanguage('pl'));
    await i18n.loadNamespaces(['notifications']);
    current = notifications({ mail_off: 'unsubscribed' });
    const woman = userFixture({ notifications_disabled: ['unsubscribed'] });
    useSession.setState({ user: woman });
    renderPage();
    expect(await screen.findByTestId('mail-off-text')).toHaveTextContent('Wypisałaś się ze wszystkich e-maili.');
    expect(document.body).toHaveTextContent('na których je włączyłaś.');
    act(() => useSession.setState({ user: { ...woman, profile: { ...woman.profile, gender: 'male' } } }));
    expect(screen.getByTestId('mail-off-text')).toHaveTextContent('Wypisałeś się ze wszystkich e-maili.');
    expect(document.body).toHaveTextContent('na których je włączyłeś.');
  });
});
