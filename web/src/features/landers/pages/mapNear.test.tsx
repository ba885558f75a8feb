import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n';
import { settingsFixture, userFixture } from '../../../test/fixtures';
import { seedStores, setupTestI18n } from '../../../test/render';
import { useGeo } from '../../../shared/geo';
import { useSession } from '../../../shared/session';
import { type LanderServer, membersFixture, renderLander, settle, stubLanderApi, stubScreen } from '../landerTesting';
import { MapLander } from './MapLander';

let server: LanderServer;
const asked = () => server.calls('/api/lander-members').map(([url]) => new URL(url, 'http://amora.test').searchParams);

describe('the map lander near the visitor (issue 19.2)', () => {
  beforeAll(async () => {
    await setupTestI18n();
    await i18n.loadNamespaces(['landers', 'discovery']);
  });
  beforeEach(() => {
    // The request came from the Netherlands: that is never shown as "near you".
    seedStores({ settings: settingsFixture({ geoip_country: 'NL', geoip_selected_country: 'NL', countries: ['NL', 'DE'] }) });
    useSession.setState({ user: null });
    server = stubLanderApi(membersFixture(6));
    stubScreen(true);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('says it does not know where a visitor is instead of guessing', async () => {
    renderLander(<MapLander />, '/landers/maplanding');
    await settle();
    expect(screen.getByTestId('map-lead')).toHaveTextContent("We don't know where you are");
    expect(screen.queryByText(/Netherlands/)).toBeNull();
    expect(screen.getByTestId('map-board')).toHaveAttribute('data-near', 'no');
    expect(asked().every((query) => !query.has('country'))).toBe(true);
  });

  it("shows a member the members of their own region", async () => {
    useSession.setState({ user: userFixture({ profile: { ...userFixture().profile, country: 'NL', region: 'NL-UT' } }) });
    renderLander(<MapLander />, '/landers/maplanding');
    await settle();
    expect(asked().some((query) => query.get('country') === 'NL' && query.get('region') === 'NL-UT')).toBe(true);
    expect(screen.getByTestId('map-board')).toHaveAttribute('data-near', 'yes');
    expect(screen.getByTestId('map-lead')).toHaveTextContent('Members in');
  });

  it('asks the browser when the visitor wants members near them', async () => {
    useGeo.setState({ permission: 'prompt', locate: () => Promise.resolve({ country: 'DE', region: 'DE-BY', city: null }) });
    renderLander(<MapLander />, '/landers/maplanding');
    await settle();
    fireEvent.click(screen.getByTestId('map-locate'));
    await settle();
    expect(asked().some((query) => query.get('country') === 'DE' && query.get('region') === 'DE-BY')).toBe(true);
    expect(screen.getByTestId('map-board')).toHaveAttribute('data-near', 'yes');
  });

  it('says when the position cannot be used', async () => {
    useGeo.setState({ permission: 'prompt', locate: () => Promise.resolve({ country: 'US', region: null, city: null }) });
    renderLander(<MapLander />, '/landers/maplanding');
    await settle();
    fireEvent.click(screen.getByTestId('map-locate'));
    await settle();
    expect(screen.getByTestId('map-locate-failed')).toBeInTheDocument();
    expect(screen.getByTestId('map-board')).toHaveAttribute('data-near', 'no');
  });
});
