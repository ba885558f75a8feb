import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetchStub';
import { settingsFixture, userFixture } from '../../test/fixtures';
import { renderInRouter, seedStores, setupTestI18n } from '../../test/render';
import { useSession } from '../../shared/session';
import { EndSessionPage } from './EndSessionPage';
import { SessionsSection } from './SessionsSection';
import type { SignInSession } from './sessionsApi';

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const HERE: SignInSession = {
  id: 3,
  device: { browser: 'Firefox', browser_version: '121', system: 'Windows', system_version: '10', device: null },
  place: { country: 'NL' },
  started_at: '2026-11-20T09:00:00+00:00',
  last_active: '2026-11-28T12:00:00+00:00',
  current: true,
};
const PHONE: SignInSession = {
  id: 7,
  device: { browser: 'Mobile Safari', browser_version: '17', system: 'iOS', system_version: '17', device: 'iPhone' },
  place: { country: 'DE' },
  started_at: '2026-11-27T21:15:00+00:00',
  last_active: '2026-11-28T08:30:00+00:00',
  current: false,
};
const UNKNOWN: SignInSession = {
  id: 9,
  device: { browser: null, browser_version: null, system: null, system_version: null, device: null },
  place: { country: null },
  started_at: '2026-11-28T10:00:00+00:00',
  last_active: '2026-11-28T10:00:00+00:00',
  current: false,
};

let server: ReturnType<typeof vi.fn>;
beforeAll(() => setupTestI18n());
beforeEach(() => {
  seedStores({ settings: settingsFixture() });
  server = vi.fn();
  stubFetch(server);
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ user: null });
});

/** The fake server: each call by method and path. */
function answers(routes: Record<string, () => Response>) {
  server.mockImplementation((url: string, init: RequestInit) => {
    const route = routes[`${init.method ?? 'GET'} ${url}`];
    if (!route) throw new Error(`unexpected ${init.method} ${url}`);
    return route();
  });
}

describe('where you are signed in', () => {
  it('lists this device first, then the others with device, browser and place', async () => {
    answers({ 'GET /api/sessions': () => json(200, { sessions: [HERE, PHONE, UNKNOWN] }) });
    renderInRouter(<SessionsSection />);
    const rows = await screen.findAllByTestId('session');
    expect(rows).toHaveLength(3);
    const [here, phone, unknown] = rows.map((row) => within(row));
    expect(here.getByTestId('session-device')).toHaveTextContent('Windows 10');
    expect(here.getByTestId('session-current')).toHaveTextContent('This device');
    expect(here.getByTestId('session-last-active')).toHaveTextContent('Active now');
    expect(here.queryByTestId('session-end')).toBeNull(); // this one ends with a logout
    expect(phone.getByTestId('session-device')).toHaveTextContent('iPhone (iOS 17)');
    expect(phone.getByTestId('session-browser')).toHaveTextContent('Mobile Safari 17');
    expect(phone.getByTestId('session-place')).toHaveTextContent('Germany');
    expect(phone.getByTestId('session-last-active')).toHaveTextContent(/^Last active /);
    expect(phone.queryByTestId('session-current')).toBeNull();
    expect(unknown.getByTestId('session-device')).toHaveTextContent('Unknown device');
    expect(unknown.getByTestId('session-browser')).toHaveTextContent('Unknown browser');
    expect(unknown.getByTestId('session-place')).toHaveTextContent('Unknown place');
  });

  it('ends one session, and then all the others', async () => {
    answers({
      'GET /api/sessions': () => json(200, { sessions: [HERE, PHONE, UNKNOWN] }),
      'DELETE /api/sessions/7': () => json(204, undefined),
      'DELETE /api/sessions': () => json(200, { ended: 1 }),
    });
    renderInRouter(<SessionsSection />);
    const phone = within((await screen.findAllByTestId('session'))[1]);
    fireEvent.click(phone.getByRole('button', { name: 'End the session on iPhone (iOS 17), Mobile Safari 17' }));
    expect(await screen.findByTestId('sessions-result')).toHaveTextContent('The session has ended');
    await waitFor(() => expect(screen.getAllByTestId('session')).toHaveLength(2));
    fireEvent.click(screen.getByTestId('sessions-end-others'));
    await waitFor(() => expect(screen.getAllByTestId('session')).toHaveLength(1));
    expect(screen.getByTestId('sessions-result')).toHaveTextContent('All other sessions have ended.');
    expect(screen.queryByTestId('sessions-end-others')).toBeNull();
    expect(server.mock.calls.map(([url, init]) => `${(init as RequestInit).method} ${url as string}`)).toEqual([
      'GET /api/sessions',
      'DELETE /api/sessions/7',
      'DELETE /api/sessions',
    ]);
  });

  it('says why a session could not end, and keeps it', async () => {
    answers({
      'GET /api/sessions': () => json(200, { sessions: [HERE, PHONE] }),
      'DELETE /api/sessions/7': () => json(404, { error: 'session_not_found', params: {} }),
    });
    renderInRouter(<SessionsSection />);
    const phone = within((await screen.findAllByTestId('session'))[1]);
    fireEvent.click(phone.getByTestId('session-end'));
    expect(await phone.findByRole('alert')).toHaveTextContent('This session has already ended.');
    expect(screen.getAllByTestId('session')).toHaveLength(2);
  });

  it('offers to try again when the list could not be read', async () => {
    let calls = 0;
    answers({ 'GET /api/sessions': () => (++calls === 1 ? json(400, { error: 'invalid_request', params: {} }) : json(200, { sessions: [HERE] })) });
    renderInRouter(<SessionsSection />);
    const failed = await screen.findByTestId('sessions-load-error');
    fireEvent.click(within(failed).getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('session')).toHaveLength(1);
  });
});

describe("the mail's link", () => {
  it('asks first, ends the session and suggests a new password', async () => {
    answers({ 'POST /api/sessions/end': () => json(200, { ended: true }) });
    renderInRouter(<EndSessionPage />, '/sessions/end?token=abc');
    expect(server).not.toHaveBeenCalled(); // a scanner opening the link ends nothing
    fireEvent.click(screen.getByTestId('end-session-confirm'));
    expect(await screen.findByTestId('end-session-done')).toHaveTextContent('That device has been signed out.');
    expect(JSON.parse(server.mock.calls[0][1].body as string)).toEqual({ token: 'abc' });
    expect(screen.getByTestId('end-session-password')).toHaveAttribute('href', '/reset-password');
  });

  it('sends a signed-in member to the password in the settings', async () => {
    useSession.setState({ user: userFixture() });
    answers({ 'POST /api/sessions/end': () => json(200, { ended: false }) });
    renderInRouter(<EndSessionPage />, '/sessions/end?token=abc');
    fireEvent.click(screen.getByTestId('end-session-confirm'));
    expect(await screen.findByTestId('end-session-done')).toHaveTextContent('That session had already ended');
    expect(screen.getByTestId('end-session-password')).toHaveAttribute('href', '/settings#settings-password');
  });

  it('says so when the link is used up, or has no token', async () => {
    answers({ 'POST /api/sessions/end': () => json(400, { error: 'end_session_link_invalid', params: {} }) });
    renderInRouter(<EndSessionPage />, '/sessions/end?token=old');
    fireEvent.click(screen.getByTestId('end-session-confirm'));
    expect(await screen.findByTestId('end-session-failed')).toHaveTextContent('This link has expired or was already used.');
  });

  it('needs no request to refuse a link without a token', () => {
    renderInRouter(<EndSessionPage />, '/sessions/end');
    expect(screen.getByTestId('end-session-failed')).toHaveTextContent('This link has expired or was already used.');
    expect(server).not.toHaveBeenCalled();
  });
});
