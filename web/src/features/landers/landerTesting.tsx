/**
 * Test helpers of the landers (used by the tests only): member fixtures, a fetch stub
 * serving the lander calls, and rendering a lander page under its route.
 */
import { act, render } from '@testing-library/react';
import { type ReactElement, StrictMode } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { setAppNavigator } from '../../shared/routing/navigate';
import { flush } from '../../test/time';
import type { LanderMember } from './landerApi';
import { stubFetch } from '../../test/fetchStub';

export function memberFixture(overrides: Partial<LanderMember> = {}): LanderMember {
  return {
    id: 101,
    name: 'Sanne',
    gender: 'female',
    age: 34,
    country: 'NL',
    region: 'Noord-Holland',
    city: 'Haarlem',
    is_fictional: false,
    main_image: { filename: '/media/photos/101.jpg', thumb_filename: '/media/thumbs/101.jpg' },
    ...overrides,
  };
}

const NAMES = ['Sanne', 'Lotte', 'Mila', 'Eva', 'Noor', 'Julia', 'Fleur', 'Anna', 'Sara', 'Iris', 'Lisa', 'Femke'];
const PLACES: [string, string][] = [
  ['Haarlem', 'Noord-Holland'],
  ['Utrecht', 'Utrecht'],
  ['Groningen', 'Groningen'],
  ['Breda', 'Noord-Brabant'],
];

/** `count` members with distinct ids and names; the third one is fictional. */
export function membersFixture(count = 8): LanderMember[] {
  return Array.from({ length: count }, (_, index) => {
    const [city, region] = PLACES[index % PLACES.length]!;
    return memberFixture({
      id: 101 + index,
      name: NAMES[index % NAMES.length]! + (index >= NAMES.length ? ` ${index}` : ''),
      age: 25 + index,
      city,
      region,
      is_fictional: index === 2,
      main_image: { filename: `/media/photos/${101 + index}.jpg`, thumb_filename: `/media/thumbs/${101 + index}.jpg` },
    });
  });
}

export const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export interface LanderServer {
  fetch: ReturnType<typeof vi.fn>;
  /** Members GET /api/lander-members answers; an Error makes it fail (500). */
  members: LanderMember[] | Error;
  /** The calls to `path` (pathname) with `method`. */
  calls: (path: string, method?: string) => [string, RequestInit | undefined][];
}

/** Stubs fetch with the lander calls (members, visits, settings); call in beforeEach. */
export function stubLanderApi(members: LanderMember[] | Error = membersFixture()): LanderServer {
  const server: LanderServer = {
    members,
    fetch: vi.fn(),
    calls: (path, method = 'GET') =>
      server.fetch.mock.calls.filter(
        ([url, init]) =>
          new URL(String(url), 'http://amora.test').pathname === path && ((init as RequestInit | undefined)?.method ?? 'GET') === method,
      ) as [string, RequestInit | undefined][],
  };
  server.fetch.mockImplementation((url: string, init?: RequestInit) => {
    const { pathname } = new URL(url, 'http://amora.test');
    const method = init?.method ?? 'GET';
    if (pathname === '/api/lander-members' && method === 'GET') {
      return Promise.resolve(server.members instanceof Error ? json(400, { error: 'invalid_request', params: {} }) : json(200, { members: server.members }));
    }
    if (pathname === '/api/lander-visits' && method === 'POST') return Promise.resolve(json(201, { visit: 'visit-key-1' }));
    if (/^\/api\/lander-visits\/[^/]+\/engaged$/.test(pathname)) return Promise.resolve(json(204, undefined));
    return Promise.resolve(json(404, { error: 'not_found', params: {} }));
  });
  stubFetch(server.fetch);
  return server;
}

/** Screens wider than 992 px (desktop) when `desktop`, phones otherwise. */
export function stubScreen(desktop: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('min-width') ? desktop : false,
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
}

/** Renders `element` at `path` under the route `pattern` (StrictMode, like the app). */
export function renderLander(element: ReactElement, path: string, pattern = '/landers/:name/:slug?') {
  const router = createMemoryRouter(
    [
      { path: pattern, element: <StrictMode>{element}</StrictMode> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  setAppNavigator({ navigate: (to: string, options?: { replace?: boolean }) => router.navigate(to, options) });
  const view = render(<RouterProvider router={router} />);
  return { router, ...view };
}

/** Lets fetch answers and React updates run. */
export async function settle(ms = 0) {
  // Fake time moves only when a test says so; the fetches and renders run by event-loop
  // turns, never by a sleep on the clock (issue 18).
  if (ms > 0 && vi.isFakeTimers()) await act(() => vi.advanceTimersByTimeAsync(ms));
  await flush();
}
