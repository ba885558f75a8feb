import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { settingsFixture, userFixture } from '../../test/fixtures';
import { type FakePushBrowser, TEST_PUSH_KEY, installFakePush } from '../../test/fakePush';
import { stubFetch } from '../../test/fetchStub';
import { renderInRouter, seedStores, setupTestI18n } from '../../test/render';
import { eventually } from '../../test/time';
import { resetPushForTests, usePush } from '../../shared/push';
import { useSession } from '../../shared/session';
import { MemberNav } from './MemberNav';
import { TopNav } from './TopNav';

let fetchMock: ReturnType<typeof vi.fn>;
let browser: FakePushBrowser | null = null;

const calls = (path: string, method = 'GET') =>
  fetchMock.mock.calls.filter(
    ([url, init]) => new URL(String(url), 'http://amora.test').pathname === path && ((init as RequestInit | undefined)?.method ?? 'GET') === method,
  );

beforeAll(() => setupTestI18n());
beforeEach(() => {
  resetPushForTests();
  seedStores({ settings: settingsFixture() });
  fetchMock = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
  stubFetch(fetchMock);
});
afterEach(() => {
  browser?.uninstall();
  browser = null;
  vi.unstubAllGlobals();
  useSession.setState({ user: null });
});

function renderMemberNav() {
  const router = createMemoryRouter([{ path: '*', element: <MemberNav /> }], { initialEntries: ['/members'] });
  render(<RouterProvider router={router} />);
}

describe('the top navigation', () => {
  it('appears once a member is set, with settings and logout', async () => {
    renderInRouter(<TopNav />);
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
    act(() => useSession.setState({ user: userFixture({ profile: { ...userFixture().profile, name: 'Robin' } }) }));
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
    expect(await screen.findByRole('button', { name: /^My account/ })).toHaveTextContent('Robin');
    fireEvent.click(screen.getByRole('button', { name: /^My account/ }));
    // The menu's code loads on first use: it opens once it is in.
    expect(await screen.findByTestId('nav-settings')).toHaveAttribute('href', '/settings');
    expect(screen.getByRole('link', { name: 'My profile' })).toHaveAttribute('href', '/profile');
    fireEvent.click(screen.getByTestId('logout'));
    await waitFor(() => expect(useSession.getState().user).toBeNull());
    expect(fetchMock).toHaveBeenCalledWith('/api/logout', expect.anything());
  });
});

describe('the member menu', () => {
  beforeEach(() => useSession.setState({ user: userFixture() }));

  it('links to the notification settings', async () => {
    renderMemberNav();
    fireEvent.click(screen.getByRole('button', { name: /^My account/ }));
    const item = await screen.findByTestId('nav-notifications');
    expect(item).toHaveTextContent('Notifications');
    expect(item).toHaveAttribute('href', '/notifications');
  });

  it("has the server forget this browser's push subscription before logging out", async () => {
    seedStores({ settings: settingsFixture({ push_public_key: TEST_PUSH_KEY }) });
    browser = installFakePush();
    await usePush.getState().subscribe();
    renderMemberNav();
    fireEvent.click(screen.getByRole('button', { name: /^My account/ }));
    fireEvent.click(await screen.findByTestId('logout'));
    await eventually(() => expect(calls('/api/logout', 'POST')).toHaveLength(1));
    const posts = calls('/api/user', 'POST');
    expect(JSON.parse(String((posts.at(-1)![1] as RequestInit).body))).toEqual({ subscription: null, endpoint: 'https://push.example.test/send/1' });
    expect(fetchMock.mock.calls.indexOf(posts.at(-1)!)).toBeLessThan(fetchMock.mock.calls.indexOf(calls('/api/logout', 'POST')[0]!));
    // The browser keeps it: the next member to log in here gets it bound to them.
    expect(browser.pushManager.current).not.toBeNull();
  });
});
