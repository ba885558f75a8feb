import { afterEach, describe, expect, it, vi } from 'vitest';
import { companyFixture, settingsFixture, userFixture } from '../test/fixtures';
import { DISMISSALS_KEY, useAlerts } from '../shared/alerts/alertsStore';
import { useChat } from '../shared/counters/chatStore';
import { useSession } from '../shared/session/sessionStore';
import { useCompany } from '../shared/site/companyStore';
import { settingsQuery, useSettings } from '../shared/site/settingsStore';
import { stubFetch } from '../test/fetchStub';

const ok = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });

afterEach(() => {
  vi.unstubAllGlobals();
  useCompany.setState({ company: null });
  useSettings.setState({ settings: null });
  useChat.getState().reset();
  useAlerts.setState({ alerts: [], dismissals: {} });
});

describe('settings store', () => {
  it('asks for the settings of this host, in a language, with the route query', async () => {
    const fetchMock = vi.fn((_url: string) => Promise.resolve(ok(settingsFixture({ name: 'Flirt' }))));
    stubFetch(fetchMock);
    await useSettings.getState().load('de', '?network=abc&sub1=x');
    expect(useSettings.getState().settings?.name).toBe('Flirt');
    const url = new URL(fetchMock.mock.calls[0]![0], 'http://localhost');
    expect(url.pathname).toBe('/api/settings');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      network: 'abc',
      sub1: 'x',
      _force_domain: location.hostname,
      lang: 'de',
    });
  });

  it('lets the route query not override the forced domain', () => {
    expect(settingsQuery('amora.test', 'nl', '?_force_domain=evil.test').get('_force_domain')).toBe('amora.test');
  });
});

describe('company store', () => {
  it('fetches the company once', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(ok(companyFixture())));
    stubFetch(fetchMock);
    const [a, b] = await Promise.all([useCompany.getState().load(), useCompany.getState().load()]);
    await useCompany.getState().load();
    expect(a?.name).toBe('Amora Media B.V.');
    expect(b).toEqual(a);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('chat counters', () => {
  it('sums unread messages and new likes', () => {
    useChat.getState().setChats([
      { conversation: { id: 1 }, profile: { id: 1 }, num_unread_messages: 2 },
      { conversation: { id: 2 }, profile: { id: 2 }, num_unread_messages: 5 },
    ]);
    useChat.getState().setLikes({
      profiles: [],
      liked_by: [
        { id: 1, like_new: true },
        { id: 2, like_new: false },
        { id: 3, like_new: true },
      ],
    });
    expect(useChat.getState().totalUnread).toBe(7);
    expect(useChat.getState().totalNewLikes).toBe(2);
  });

  it('are cleared with the session', () => {
    useSession.setState({ user: userFixture() });
    useChat.setState({ totalUnread: 4, totalNewLikes: 1 });
    useSession.getState().clear();
    expect(useSession.getState().user).toBeNull();
    expect(useChat.getState().totalUnread).toBe(0);
    expect(useChat.getState().totalNewLikes).toBe(0);
  });
});

describe('alerts', () => {
  it('keeps dismissals with their time in localStorage', () => {
    useAlerts.getState().show({ id: 'activation', variant: 'warning', message: 'x' });
    expect(useAlerts.getState().alerts).toHaveLength(1);
    useAlerts.getState().dismiss('activation', 1234);
    expect(useAlerts.getState().alerts).toHaveLength(0);
    expect(useAlerts.getState().dismissedAt('activation')).toBe(1234);
    expect(JSON.parse(localStorage.getItem(DISMISSALS_KEY)!)).toEqual({ activation: 1234 });
    expect(useAlerts.getState().dismissedAt('other')).toBeNull();
  });
});
