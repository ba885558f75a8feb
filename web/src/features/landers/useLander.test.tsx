import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAppNavigator } from '../../shared/routing/navigate';
import { i18n } from '../../shared/i18n/i18n';
import { settingsFixture, userFixture } from '../../test/fixtures';
import { seedStores, setupTestI18n } from '../../test/render';
import { useSession } from '../../shared/session';
import { useSignup, TRAFFIC_KEY, readTraffic } from '../../shared/signup';
import { type LanderServer, membersFixture, renderLander, settle, stubLanderApi, stubScreen } from './landerTesting';
import { hasBounceLogging, useLander, visitNetwork } from './useLander';

function Probe({ name = 'gallery', count }: { name?: string; count?: number }) {
  const { members, status, retry, signup } = useLander(name, { memberCount: count });
  return (
    <div>
      <p data-testid="status">{status}</p>
      <ul>
        {members.map((member) => (
          <li key={member.id}>{member.name}</li>
        ))}
      </ul>
      <button type="button" onClick={signup}>
        signup
      </button>
      <button type="button" onClick={retry}>
        retry
      </button>
    </div>
  );
}

let server: LanderServer;

beforeAll(async () => {
  await setupTestI18n();
});
beforeEach(() => {
  seedStores({ settings: settingsFixture({ niche_slug: 'she-', locales: ['en', 'nl', 'de'] }) });
  useSession.setState({ user: null });
  useSignup.setState({ open: false });
  server = stubLanderApi(membersFixture(4));
  stubScreen(true);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  setAppNavigator(null);
  useSession.setState({ user: null });
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
  document.cookie = 'i18n_redirected=; Max-Age=0; Path=/';
});

describe('query helpers', () => {
  it('sees ?lb with and without a value', () => {
    expect(hasBounceLogging('?lb')).toBe(true);
    expect(hasBounceLogging('?network=x&lb=1')).toBe(true);
    expect(hasBounceLogging('?network=x')).toBe(false);
    expect(hasBounceLogging('')).toBe(false);
  });

  it('takes the network of the URL, else its ref, and drops what the API refuses', () => {
    expect(visitNetwork('?network=exoclick&ref=abc')).toBe('exoclick');
    expect(visitNetwork('?ref=partner-7')).toBe('partner-7');
    expect(visitNetwork('?network=bad%20value')).toBeUndefined();
    expect(visitNetwork('')).toBeUndefined();
  });
});

describe('useLander', () => {
  it('loads the members', async () => {
    renderLander(<Probe count={4} />, '/landers/gallery');
    expect(screen.getByTestId('status')).toHaveTextContent('loading');
    await settle();
    expect(screen.getByTestId('status')).toHaveTextContent('ready');
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    const [url] = server.calls('/api/lander-members')[0]!;
    expect(new URL(url, 'http://x').searchParams.get('limit')).toBe('4');
  });

  it('shows the error and loads again on retry', async () => {
    server.members = new Error('down');
    renderLander(<Probe />, '/landers/gallery');
    await settle();
    expect(screen.getByTestId('status')).toHaveTextContent('error');
    server.members = membersFixture(2);
    fireEvent.click(screen.getByRole('button', { name: 'retry' }));
    await settle();
    expect(screen.getByTestId('status')).toHaveTextContent('ready');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it("switches to the slug's language when the site offers it", async () => {
    renderLander(<Probe />, '/landers/gallery/she-nl');
    await waitFor(() => {
      expect(i18n.language).toBe('nl');
      expect(document.documentElement.lang).toBe('nl');
    });
  });

  it('reads eng as English and keeps the language for another niche or a locale not offered', async () => {
    await i18n.changeLanguage('de');
    renderLander(<Probe />, '/landers/gallery/she-eng');
    await waitFor(() => expect(i18n.language).toBe('en'));

    await i18n.changeLanguage('de');
    renderLander(<Probe />, '/landers/gallery/gay-nl');
    await settle(20);
    expect(i18n.language).toBe('de');

    renderLander(<Probe />, '/landers/gallery/she-fi');
    await settle(20);
    expect(i18n.language).toBe('de');
  });

  it('captures the traffic parameters for the signup', async () => {
    renderLander(<Probe />, '/landers/gallery?network=exoclick&ref=abc&sub1=s1');
    await settle();
    expect(readTraffic()).toMatchObject({ network: 'exoclick', ref: 'abc', sub1: 's1' });
    expect(localStorage.getItem(TRAFFIC_KEY)).not.toBeNull();
  });

  it('records no visit without ?lb', async () => {
    renderLander(<Probe />, '/landers/gallery?network=exoclick');
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'signup' }));
    await settle();
    expect(server.calls('/api/lander-visits', 'POST')).toHaveLength(0);
    expect(server.fetch.mock.calls.some(([url]) => String(url).includes('/engaged'))).toBe(false);
  });

  it('records one visit with ?lb (StrictMode too) and marks it engaged on signup, once', async () => {
    renderLander(<Probe name="collagelanding" />, '/landers/collagelanding?lb=1&network=exoclick');
    await settle();
    const visits = server.calls('/api/lander-visits', 'POST');
    expect(visits).toHaveLength(1);
    expect(JSON.parse(String(visits[0]![1]!.body))).toEqual({ lander: 'collagelanding', source: 'exoclick' });

    fireEvent.click(screen.getByRole('button', { name: 'signup' }));
    await settle();
    const engaged = server.calls('/api/lander-visits/visit-key-1/engaged', 'POST');
    expect(engaged).toHaveLength(1);
    expect(engaged[0]![1]).toMatchObject({ keepalive: true });

    useSignup.setState({ open: false });
    fireEvent.click(screen.getByRole('button', { name: 'signup' }));
    await settle();
    expect(server.calls('/api/lander-visits/visit-key-1/engaged', 'POST')).toHaveLength(1);
  });

  it('sends no source when the URL has none', async () => {
    renderLander(<Probe />, '/landers/gallery?lb');
    await settle();
    const visits = server.calls('/api/lander-visits', 'POST');
    expect(JSON.parse(String(visits[0]![1]!.body))).toEqual({ lander: 'gallery' });
  });

  it('opens the signup modal on desktop', async () => {
    renderLander(<Probe />, '/landers/gallery');
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'signup' }));
    expect(useSignup.getState().open).toBe(true);
  });

  it('goes to the signup page on phones', async () => {
    stubScreen(false);
    const { router } = renderLander(<Probe />, '/landers/gallery');
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'signup' }));
    await settle();
    expect(useSignup.getState().open).toBe(false);
    expect(router.state.location.pathname).toBe('/signup');
  });

  it('sends members to the members area', async () => {
    useSession.setState({ user: userFixture() });
    const { router } = renderLander(<Probe />, '/landers/gallery');
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'signup' }));
    await settle();
    expect(useSignup.getState().open).toBe(false);
    expect(router.state.location.pathname).not.toBe('/landers/gallery');
    expect(router.state.location.pathname).not.toBe('/signup');
  });
});
