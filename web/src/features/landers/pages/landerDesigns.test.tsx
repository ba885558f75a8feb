import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAppNavigator } from '../../../shared/routing/navigate';
import { settingsFixture } from '../../../test/fixtures';
import { drag } from '../../../test/pointer';
import { seedStores, setupTestI18n } from '../../../test/render';
import { useSession } from '../../../shared/session';
import { useSignup } from '../../../shared/signup';
import { landersLoader } from '../landersLoader';
import { type LanderServer, json, memberFixture, membersFixture, renderLander, settle, stubLanderApi, stubScreen } from '../landerTesting';
import { AloneTonightLander } from './AloneTonightLander';
import { CollageLander, collageTiles } from './CollageLander';
import { GalleryLander } from './GalleryLander';
import { IconsLander } from './IconsLander';
import { MAP_ANCHORS, MapLander, placePins } from './MapLander';
import { SWIPES_BEFORE_SIGNUP, TinderSwipeLander } from './TinderSwipeLander';

const DESIGNS: [string, ComponentType, string, number][] = [
  // name, page, path, members it asks for
  ['alonetonight', AloneTonightLander, '/landers/alonetonight', 12],
  ['collagelanding', CollageLander, '/landers/collagelanding', 20],
  ['gallery', GalleryLander, '/landers/gallery', 24],
  ['iconslanding', IconsLander, '/landers/iconslanding', 6],
  ['maplanding', MapLander, '/landers/maplanding', 10],
  ['tinderswipe', TinderSwipeLander, '/landers/tinderswipe', 12],
];

let server: LanderServer;

beforeAll(async () => {
  await setupTestI18n();
  await landersLoader();
});
beforeEach(() => {
  seedStores({ settings: settingsFixture({ geoip_country: 'NL' }) });
  useSession.setState({ user: null });
  useSignup.setState({ open: false });
  server = stubLanderApi(membersFixture(6));
  stubScreen(true);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setAppNavigator(null);
});

const render = (Page: ComponentType, path: string) => renderLander(<Page />, path, path.startsWith('/landers/tinderswipe') ? '/landers/tinderswipe' : '/landers/:name/:slug?');

describe.each(DESIGNS)('the %s lander', (name, Page, path, count) => {
  it('shows real members from the API with photo, name and the fictional mark', async () => {
    render(Page, path);
    await settle();
    const [url] = server.calls('/api/lander-members')[0]!;
    expect(new URL(url, 'http://x').searchParams.get('limit')).toBe(String(count));
    expect(screen.getByTestId(`lander-${name}`)).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    // The first member shows with their photo (alt = name) or, on the map, as a named pin.
    const sanne = screen.queryAllByAltText('Sanne').length + screen.queryAllByRole('button', { name: /^Sanne, 25/ }).length;
    expect(sanne).toBeGreaterThan(0);
    expect(screen.getAllByTestId('fictional-badge').length).toBeGreaterThan(0);
    expect(screen.getByTestId('lander-fictional-note')).toHaveTextContent('hosts');
  });

  it('opens the signup from the call to action above the fold', async () => {
    render(Page, path);
    await settle();
    fireEvent.click(screen.getAllByTestId('lander-cta')[0]!);
    expect(useSignup.getState().open).toBe(true);
  });

  it('has a second call to action lower down', async () => {
    render(Page, path);
    await settle();
    fireEvent.click(screen.getByTestId('lander-cta-bottom'));
    expect(useSignup.getState().open).toBe(true);
  });

  it('shows the empty state when the site has no members with photos yet', async () => {
    server.members = [];
    render(Page, path);
    await settle();
    expect(screen.getByTestId('lander-empty')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('lander-empty-cta'));
    expect(useSignup.getState().open).toBe(true);
  });

  it('shows an error with a retry', async () => {
    server.members = new Error('down');
    render(Page, path);
    await settle();
    expect(screen.getByTestId('lander-error')).toHaveTextContent('The members could not be loaded');
    server.members = membersFixture(3);
    fireEvent.click(screen.getByTestId('lander-retry'));
    await settle();
    expect(screen.queryByTestId('lander-error')).not.toBeInTheDocument();
    expect(screen.queryAllByAltText('Lotte').length + screen.queryAllByRole('button', { name: /^Lotte/ }).length).toBeGreaterThan(0);
  });

  it('marks a ?lb visit engaged when the call to action is used', async () => {
    render(Page, `${path}?lb=1&network=exoclick`);
    await settle();
    expect(server.calls('/api/lander-visits', 'POST')).toHaveLength(1);
    fireEvent.click(screen.getAllByTestId('lander-cta')[0]!);
    await settle();
    expect(server.calls('/api/lander-visits/visit-key-1/engaged', 'POST')).toHaveLength(1);
  });
});

describe('the alone-tonight lander', () => {
  const asked = () => server.calls('/api/lander-members').map(([url]) => new URL(url, 'http://amora.test').searchParams);

  it('names the known place and shows its members, never claiming they are online', async () => {
    // The request came from the Netherlands (this suite's GeoIP).
    render(AloneTonightLander, '/landers/alonetonight');
    await settle();
    expect(asked().some((query) => query.get('country') === 'NL')).toBe(true);
    const section = screen.getByRole('region', { name: 'Members in Netherlands' });
    expect(within(section).getAllByTestId('lander-member')).toHaveLength(6);
    expect(within(section).queryAllByText('Online')).toHaveLength(0);
    expect(screen.getByTestId('night-lead')).toHaveTextContent('Members in Netherlands are looking for someone to chat with.');
  });

  it('claims no nearness where the visitor\'s place is unknown (issue 29.5)', async () => {
    seedStores({ settings: settingsFixture({ geoip_country: null }) });
    render(AloneTonightLander, '/landers/alonetonight');
    await settle();
    expect(asked().every((query) => !query.has('country'))).toBe(true);
    const section = screen.getByRole('region', { name: 'Our newest members' });
    expect(within(section).getAllByTestId('lander-member')).toHaveLength(6);
    expect(screen.getByTestId('night-online-title')).toHaveAttribute('data-near', 'no');
    expect(screen.queryByText(/near you/i)).toBeNull();
    expect(screen.getByTestId('night-lead')).toHaveTextContent("You don't have to be. Members of Amora are looking for someone to chat with.");
  });

  it('claims no nearness for a country the site does not serve, nor when that place has nobody', async () => {
    seedStores({ settings: settingsFixture({ geoip_country: 'GB' }) });
    render(AloneTonightLander, '/landers/alonetonight');
    await settle();
    expect(asked().every((query) => !query.has('country'))).toBe(true);
    expect(screen.getByTestId('night-online-title')).toHaveTextContent('Our newest members');
    cleanup();

    seedStores({ settings: settingsFixture({ geoip_country: 'NL' }) });
    server.fetch.mockImplementation((url: string) => {
      const query = new URL(url, 'http://amora.test').searchParams;
      return Promise.resolve(json(200, { members: query.has('country') ? [] : membersFixture(6) }));
    });
    render(AloneTonightLander, '/landers/alonetonight');
    await settle();
    expect(screen.getByTestId('night-online-title')).toHaveTextContent('Our newest members');
    expect(screen.getAllByTestId('lander-member')).toHaveLength(6);
    expect(screen.queryByText(/near you|Netherlands/i)).toBeNull();
  });
});

describe('the collage lander', () => {
  it('fills the wall by repeating few members, announcing each member once', async () => {
    server.members = membersFixture(3);
    render(CollageLander, '/landers/collagelanding');
    await settle();
    const wall = screen.getByTestId('collage-wall');
    expect(within(wall).getAllByRole('img', { name: 'Sanne' })).toHaveLength(1);
    expect(wall.querySelectorAll('img').length).toBe(20);
  });

  it('plans the tiles', () => {
    expect(collageTiles([])).toEqual([]);
    const tiles = collageTiles(membersFixture(2), 8);
    expect(tiles.map((tile) => tile.member.id)).toEqual([101, 102, 101, 102, 101, 102, 101, 102]);
    expect(tiles[0]!.shape).toBe('big');
    expect(new Set(tiles.map((tile) => tile.key)).size).toBe(8);
  });
});

describe('the gallery lander', () => {
  it('lets each member be messaged through the signup, and has a sticky bar for phones', async () => {
    render(GalleryLander, '/landers/gallery');
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Send a message: Lotte' }));
    expect(useSignup.getState().open).toBe(true);
    useSignup.setState({ open: false });
    fireEvent.click(within(screen.getByTestId('gallery-sticky')).getByRole('button'));
    expect(useSignup.getState().open).toBe(true);
  });

  it('sends phones to the signup page', async () => {
    stubScreen(false);
    const { router } = render(GalleryLander, '/landers/gallery');
    await settle();
    fireEvent.click(screen.getByTestId('lander-cta-sticky'));
    await settle();
    expect(router.state.location.pathname).toBe('/signup');
  });
});

describe('the icons lander', () => {
  it('lists the benefits consistent with the product', async () => {
    render(IconsLander, '/landers/iconslanding');
    await settle();
    expect(screen.getByTestId('benefit-credits')).toHaveTextContent('no subscription');
    expect(screen.getByTestId('benefit-honest')).toHaveTextContent('Profiles of hosts');
    expect(screen.getByTestId('benefit-adults')).toHaveTextContent('18 or older');
    expect(screen.getAllByRole('heading', { level: 3 }).length).toBeGreaterThanOrEqual(9);
  });
});

describe('the map lander', () => {
  it('places a pin per member and opens a member from their pin', async () => {
    render(MapLander, '/landers/maplanding');
    await settle();
    // The request's country is no place of the visitor's (issue 19.2): nothing is called near.
    expect(screen.getByTestId('map-lead')).toHaveTextContent("We don't know where you are");
    const pins = screen.getAllByTestId('map-pin');
    expect(pins).toHaveLength(6);
    fireEvent.click(screen.getByRole('button', { name: 'Lotte, 26, Utrecht' }));
    expect(screen.getByRole('button', { name: 'Lotte, 26, Utrecht' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByTestId('map-card-cta'));
    expect(useSignup.getState().open).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('map-card')).not.toBeInTheDocument();
  });

  it('names a fictional member in their pin', async () => {
    render(MapLander, '/landers/maplanding');
    await settle();
    expect(screen.getByRole('button', { name: 'Mila, 27, Groningen (host)' })).toBeInTheDocument();
  });

  it('gathers members of a region around one spot, regions on different spots, always the same', () => {
    const members = [
      memberFixture({ id: 1, region: 'Utrecht' }),
      memberFixture({ id: 2, region: 'Utrecht' }),
      memberFixture({ id: 3, region: 'Limburg' }),
    ];
    const pins = placePins(members);
    expect(placePins(members)).toEqual(pins);
    const [a, b, c] = pins;
    const near = Math.hypot(a!.x - b!.x, a!.y - b!.y);
    const far = Math.hypot(a!.x - c!.x, a!.y - c!.y);
    expect(near).toBeGreaterThan(0);
    expect(near).toBeLessThan(far);
    expect(MAP_ANCHORS.some(([x, y]) => x === a!.x && y === a!.y)).toBe(true);
    for (const pin of placePins(membersFixture(24))) {
      expect(pin.x).toBeGreaterThanOrEqual(7);
      expect(pin.x).toBeLessThanOrEqual(93);
      expect(pin.y).toBeGreaterThanOrEqual(7);
      expect(pin.y).toBeLessThanOrEqual(93);
    }
  });
});

describe('the tinder-swipe lander', () => {
  it(`shows the signup after ${SWIPES_BEFORE_SIGNUP} swipes with buttons`, async () => {
    render(TinderSwipeLander, '/landers/tinderswipe');
    await settle();
    expect(screen.getByTestId('tswipe-card')).toHaveAttribute('data-member-id', '101');
    fireEvent.click(screen.getByRole('button', { name: 'Like Sanne' }));
    expect(screen.getByTestId('tswipe-said')).toHaveTextContent('You liked Sanne');
    expect(screen.getByTestId('tswipe-card')).toHaveAttribute('data-member-id', '102');
    fireEvent.click(screen.getByRole('button', { name: 'Pass on Lotte' }));
    expect(screen.getByTestId('tswipe-said')).toHaveTextContent('You passed on Lotte');
    expect(screen.queryByTestId('tswipe-gate')).not.toBeInTheDocument();
    fireEvent.click(screen.getByTestId('tswipe-like'));
    const gate = screen.getByTestId('tswipe-gate');
    expect(within(gate).getByRole('heading', { level: 2 })).toHaveTextContent('Like what you see?');
    expect(screen.queryByTestId('tswipe-card')).not.toBeInTheDocument();
    expect(within(gate).getByRole('button')).toHaveFocus();
    fireEvent.click(screen.getByTestId('tswipe-gate-cta'));
    expect(useSignup.getState().open).toBe(true);
  });

  it('swipes with the arrow keys', async () => {
    render(TinderSwipeLander, '/landers/tinderswipe');
    await settle();
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(screen.getByTestId('tswipe-said')).toHaveTextContent('You liked Sanne');
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(screen.getByTestId('tswipe-said')).toHaveTextContent('You passed on Lotte');
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(screen.getByTestId('tswipe-gate')).toBeInTheDocument();
  });

  it('swipes by dragging the card, and snaps back from a short drag', async () => {
    render(TinderSwipeLander, '/landers/tinderswipe');
    await settle();
    const dragTo = (dx: number, ms = 400) => {
      const card = screen.getByTestId('tswipe-card');
      Object.defineProperty(card, 'offsetWidth', { value: 300, configurable: true });
      // Explicit event times: the drag is as slow as its events say, however busy the machine.
      drag(card, { from: { x: 100, y: 100 }, dx, dy: 4, ms });
    };
    dragTo(20);
    expect(screen.getByTestId('tswipe-card')).toHaveAttribute('data-member-id', '101');
    dragTo(60, 2_000); // slow and short of the threshold: no swipe
    expect(screen.getByTestId('tswipe-card')).toHaveAttribute('data-member-id', '101');
    dragTo(300);
    expect(screen.getByTestId('tswipe-said')).toHaveTextContent('You liked Sanne');
    dragTo(-60, 50); // a quick flick counts
    expect(screen.getByTestId('tswipe-said')).toHaveTextContent('You passed on Lotte');
  });

  it('leaves no card landing after the lander is gone', async () => {
    const { unmount } = render(TinderSwipeLander, '/landers/tinderswipe');
    await settle();
    const landing = vi.spyOn(window, 'setTimeout');
    const cleared = vi.spyOn(window, 'clearTimeout');
    fireEvent.click(screen.getByTestId('tswipe-like'));
    const timer = landing.mock.results.at(-1)?.value as number;
    unmount();
    expect(cleared).toHaveBeenCalledWith(timer);
  });

  it('shows the signup when fewer members than swipes are there', async () => {
    server.members = membersFixture(2);
    render(TinderSwipeLander, '/landers/tinderswipe');
    await settle();
    fireEvent.click(screen.getByTestId('tswipe-like'));
    fireEvent.click(screen.getByTestId('tswipe-like'));
    expect(screen.getByTestId('tswipe-gate')).toHaveTextContent("That's everyone for now");
  });
});
