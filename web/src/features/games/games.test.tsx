import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../shared/i18n/dates';
import { i18n } from '../../shared/i18n/i18n';
import { settingsFixture, userFixture } from '../../test/fixtures';
import { drag } from '../../test/pointer';
import { seedStores, setupTestI18n } from '../../test/render';
import { useMatch } from '../../shared/members';
import { useProfileCatalogs } from '../../shared/catalogs';
import { useSession } from '../../shared/session';
import type { ScoredMatch } from '../../shared/members';
import { type GameCard, type MatchWishes, wishesToApiQuery } from './gamesApi';
import { MatchFinderPage } from './MatchFinderPage';
import { ageOn, defaultWishes, wantedGender, wishesFromQuery, wishesToQuery, withAges, withCountry } from './matchFinder';
import { SignupMatchesPage } from './SignupMatchesPage';
import { SwipeGamePage } from './SwipeGamePage';
import { freshCards, likesLeft } from './useSwipeDeck';
import { stubFetch } from '../../test/fetchStub';

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function gameCard(id: number, overrides: Partial<GameCard> = {}): GameCard {
  return {
    id,
    name: `Member ${id}`,
    gender: 'male',
    age: 31,
    country: 'NL',
    region: 'NL-NH',
    city: 'Haarlem',
    is_fictional: false,
    main_image: null,
    interests: ['cooking', 'hiking'],
    ...overrides,
  };
}

const scored = (id: number, score: number, overrides: Partial<ScoredMatch> = {}): ScoredMatch => ({
  ...gameCard(id),
  score,
  shared_interests: ['hiking'],
  ...overrides,
});

const RESETS_AT = '2026-03-02T23:00:00+00:00';
const allowance = (remaining: number) => ({ limit: 4, remaining, resets_at: RESETS_AT });
/** The ages the server takes (settings.min_age to settings.max_age). */
const AGES = { min: 18, max: 99 };

let fetchMock: ReturnType<typeof vi.fn>;
let serve: (url: URL, init?: RequestInit) => Response;

const calls = (path: string, method = 'GET') =>
  fetchMock.mock.calls.filter(
    ([url, init]) => new URL(String(url), 'http://amora.test').pathname === path && ((init as RequestInit | undefined)?.method ?? 'GET') === method,
  );
const bodyOf = (call: unknown[]) => JSON.parse(String((call[1] as RequestInit).body)) as unknown;

beforeAll(async () => {
  await setupTestI18n();
  await i18n.loadNamespaces(['games', 'profile', 'discovery', 'shop']);
});
beforeEach(() => {
  seedStores({ settings: settingsFixture({ countries: ['NL', 'DE'] }) });
  useSession.setState({ user: userFixture() });
  useMatch.setState({ queue: [] });
  useProfileCatalogs.getState().reset();
  serve = () => json(404, { error: 'not_found', params: {} });
  fetchMock = vi.fn((url: string, init?: RequestInit) => Promise.resolve(serve(new URL(url, 'http://amora.test'), init)));
  stubFetch(fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ user: null });
});

function renderAt(path: string, state?: unknown) {
  const router = createMemoryRouter(
    [
      { path: '/swipe-game', element: <SwipeGamePage /> },
      { path: '/match-finder', element: <MatchFinderPage /> },
      { path: '/signup-matches', element: <SignupMatchesPage /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [{ pathname: path.split('?')[0]!, search: path.includes('?') ? `?${path.split('?')[1]}` : '', state }] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('swipe deck', () => {
  it('counts likes on their way as used and skips cards it holds or just swiped', () => {
    expect(likesLeft({ allowance: allowance(2), pendingLikes: 1 })).toBe(1);
    expect(likesLeft({ allowance: allowance(1), pendingLikes: 3 })).toBe(0);
    expect(likesLeft({ allowance: null, pendingLikes: 0 })).toBe(0);
    const fetched = [gameCard(1), gameCard(2), gameCard(3)];
    expect(freshCards([gameCard(1)], fetched, new Set([2])).map((c) => c.id)).toEqual([3]);
  });
});

describe('swipe game', () => {
  let remaining: number;
  let deck: GameCard[];
  beforeEach(() => {
    remaining = 2;
    deck = [gameCard(1, { name: 'Anna' }), gameCard(2, { name: 'Bea' }), gameCard(3, { name: 'Cleo' }), gameCard(4), gameCard(5)];
    serve = (url, init) => {
      if (url.pathname === '/api/swipe' && init?.method === 'POST') {
        const { profile, like } = JSON.parse(String(init.body)) as { profile: number; like: boolean };
        deck = deck.filter((c) => c.id !== profile);
        if (like) {
          if (remaining === 0) return json(409, { error: 'swipe_out_of_likes', params: { resets_at: RESETS_AT } });
          remaining -= 1;
        }
        const match = like && profile === 2;
        return json(200, { match, ...(match ? { profile: { id: 2, name: 'Bea', age: 30, main_image: null } } : {}), ...allowance(remaining) });
      }
      if (url.pathname === '/api/swipe') return json(200, { cards: deck, ...allowance(remaining) });
      return json(404, { error: 'not_found', params: {} });
    };
  });

  it('shows the top card with its place and interests, and the likes left today', async () => {
    renderAt('/swipe-game');
    const card = await screen.findByTestId('swipe-card');
    expect(card).toHaveAttribute('data-member-id', '1');
    expect(within(card).getByText('Anna')).toBeInTheDocument();
    expect(within(card).getByText('Haarlem')).toBeInTheDocument();
    expect(within(card).getByText('Cooking')).toBeInTheDocument();
    expect(screen.getByTestId('swipe-likes-left')).toHaveTextContent('4 likes a day; 2 left today');
  });

  it('likes with the button, passes with the arrow key and celebrates a match', async () => {
    renderAt('/swipe-game');
    await screen.findByTestId('swipe-card');
    fireEvent.click(screen.getByRole('button', { name: 'Pass on Anna' }));
    await waitFor(() => expect(screen.getByTestId('swipe-card')).toHaveAttribute('data-member-id', '2'));
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    await waitFor(() => expect(screen.getByTestId('swipe-likes-left')).toHaveTextContent('4 likes a day; 1 left today'));
    const posts = calls('/api/swipe', 'POST').map(bodyOf);
    expect(posts).toEqual([{ profile: 1, like: false }, { profile: 2, like: true }]);
    expect(useMatch.getState().queue).toEqual([{ id: 2, name: 'Bea', age: 30, main_image: null }]);
    expect(screen.getByTestId('swipe-card')).toHaveAttribute('data-member-id', '3');
  });

  it('swipes a card dragged past the threshold and snaps back a short drag', async () => {
    renderAt('/swipe-game');
    const card = await screen.findByTestId('swipe-card');
    Object.defineProperty(card, 'offsetWidth', { value: 300 });
    // Explicit event times: the drag is as slow as its events say, however busy the machine.
    drag(card, { from: { x: 100, y: 100 }, dx: -40, dy: 4, ms: 400 });
    expect(screen.getByTestId('swipe-card')).toHaveAttribute('data-member-id', '1');
    expect(calls('/api/swipe', 'POST')).toHaveLength(0);
    drag(card, { from: { x: 100, y: 100 }, dx: -150, dy: 4, ms: 400 });
    await waitFor(() => expect(calls('/api/swipe', 'POST')).toHaveLength(1));
    expect(bodyOf(calls('/api/swipe', 'POST')[0]!)).toEqual({ profile: 1, like: false });
  });

  it('takes a quick flick short of the threshold as a swipe, but not a slow drag as far', async () => {
    renderAt('/swipe-game');
    const card = await screen.findByTestId('swipe-card');
    Object.defineProperty(card, 'offsetWidth', { value: 300 });
    drag(card, { from: { x: 100, y: 100 }, dx: 60, ms: 2_000, steps: 20 }); // 0.03 px/ms: snaps back
    expect(screen.getByTestId('swipe-card')).toHaveAttribute('data-member-id', '1');
    expect(calls('/api/swipe', 'POST')).toHaveLength(0);
    drag(card, { from: { x: 100, y: 100 }, dx: -60, ms: 50 }); // 1.2 px/ms: a flick
    await waitFor(() => expect(calls('/api/swipe', 'POST')).toHaveLength(1));
    expect(bodyOf(calls('/api/swipe', 'POST')[0]!)).toEqual({ profile: 1, like: false });
  });

  it('shows when likes return once none are left; likes are off, passes go on', async () => {
    remaining = 0;
    renderAt('/swipe-game');
    const out = await screen.findByTestId('swipe-out-of-likes');
    expect(out).toHaveTextContent("You've used all your likes for today");
    expect(out).toHaveTextContent(`You'll get 4 fresh likes on ${formatDateTime(RESETS_AT)}.`);
    // No dead end: Discover, where likes have no daily limit, is one clear button away.
    expect(within(out).getByRole('link', { name: 'Discover members' })).toHaveAttribute('href', '/members');
    const like = screen.getByRole('button', { name: 'Like Anna' });
    expect(like).toBeDisabled();
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(calls('/api/swipe', 'POST')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Pass on Anna' }));
    await waitFor(() => expect(calls('/api/swipe', 'POST')).toHaveLength(1));
  });

  it('turns a refused like (409 swipe_out_of_likes) into the out-of-likes state, card back on top', async () => {
    renderAt('/swipe-game');
    await screen.findByTestId('swipe-card');
    remaining = 0; // another tab used them up meanwhile
    fireEvent.click(screen.getByRole('button', { name: 'Like Anna' }));
    expect(await screen.findByTestId('swipe-out-of-likes')).toBeInTheDocument();
    expect(screen.getByTestId('swipe-card')).toHaveAttribute('data-member-id', '1');
    expect(screen.getByTestId('swipe-likes-left')).toHaveTextContent('4 likes a day; 0 left today');
    expect(screen.getByRole('button', { name: 'Like Anna' })).toBeDisabled();
  });

  it('fetches more cards when the stack runs low', async () => {
    renderAt('/swipe-game');
    await screen.findByTestId('swipe-card');
    expect(calls('/api/swipe')).toHaveLength(1);
    deck = [...deck, gameCard(6), gameCard(7)];
    fireEvent.click(screen.getByRole('button', { name: 'Pass on Anna' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Pass on Bea' }));
    await waitFor(() => expect(calls('/api/swipe')).toHaveLength(2));
    for (const name of ['Cleo', 'Member 4', 'Member 5']) fireEvent.click(await screen.findByRole('button', { name: `Pass on ${name}` }));
    expect(await screen.findByRole('button', { name: 'Pass on Member 6' })).toBeInTheDocument();
  });

  it('offers Discover to a member who just paid as well: paying does not lift the game\'s limit', async () => {
    remaining = 0;
    useSession.setState({ user: userFixture({ paid_user: true }) });
    renderAt('/swipe-game');
    const out = await screen.findByTestId('swipe-out-of-likes');
    expect(out).toHaveTextContent('The swipe game gives every member 4 likes a day, premium members too.');
    expect(within(out).getByRole('link', { name: 'Discover members' })).toHaveAttribute('href', '/members');
    expect(within(out).queryByRole('link', { name: /premium|credits/i })).toBeNull();
  });

  it('names a fictional profile in words on its card', async () => {
    deck = [gameCard(1, { name: 'Stella', is_fictional: true })];
    seedStores({ settings: settingsFixture({ countries: ['NL', 'DE'], fictional_singular: 'host profile' }) });
    renderAt('/swipe-game');
    const card = await screen.findByTestId('swipe-card');
    expect(within(card).getByTestId('game-fictional')).toHaveTextContent('host profile');
  });

  it('offers the member search when nobody is left', async () => {
    deck = [];
    renderAt('/swipe-game');
    const empty = await screen.findByTestId('swipe-empty');
    expect(within(empty).getByRole('link', { name: 'Search members' })).toHaveAttribute('href', '/members');
    expect(within(empty).getByRole('link', { name: 'Try the match finder' })).toHaveAttribute('href', '/match-finder');
  });
});

describe('match-finder answers', () => {
  const wishes: MatchWishes = { gender: 'female', min_age: 25, max_age: 40, country: 'NL', region: 'NL-NH', interests: ['hiking', 'wine'] };

  it('builds the API query, leaving out what is open', () => {
    expect(wishesToApiQuery(wishes)).toEqual({ gender: 'female', min_age: 25, max_age: 40, country: 'NL', region: 'NL-NH', interests: 'hiking,wine' });
    expect(wishesToApiQuery({ ...wishes, gender: null, country: null, interests: [] })).toEqual({
      gender: undefined,
      min_age: 25,
      max_age: 40,
      country: undefined,
      region: undefined,
      interests: undefined,
    });
  });

  it('round-trips through the page URL and cleans up bad values', () => {
    expect(wishesFromQuery(wishesToQuery(wishes), AGES, 10)).toEqual(wishes);
    expect(wishesFromQuery('', AGES, 10)).toBeNull();
    expect(wishesFromQuery('?gender=any&min_age=30', AGES, 10)?.gender).toBe('any');
    expect(wishesFromQuery('?gender=robot&min_age=12&max_age=200&region=NL-NH&interests=a,b,a,c,d,e,f,g,h,i,j,k,<x>', AGES, 10)).toEqual({
      gender: null,
      min_age: 18,
      max_age: 99,
      country: null,
      region: null,
      interests: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'],
    });
  });

  it('prefills from the profile: whom they look for, ten years around their age, their region', () => {
    const today = new Date(2026, 2, 1);
    const user = userFixture();
    user.profile = { ...user.profile, gender: 'female', sexuality: 'straight', birth_date: '1990-05-01', country: 'NL', region: 'NL-UT' };
    expect(defaultWishes(user, today, AGES)).toEqual({ gender: 'male', min_age: 25, max_age: 45, country: 'NL', region: 'NL-UT', interests: [] });
    expect(wantedGender({ gender: 'female', sexuality: 'gay' })).toBe('female');
    expect(wantedGender({ gender: 'male', sexuality: 'bisexual' })).toBeNull();
    user.profile.birth_date = '2006-01-01';
    expect(defaultWishes(user, today, AGES).min_age).toBe(18);
    // The server's bounds hold: a site for 21+ (or a lower maximum) clamps the prefill.
    expect(defaultWishes(user, today, { min: 21, max: 30 })).toMatchObject({ min_age: 21, max_age: 30 });
    expect(wishesFromQuery('?min_age=19&max_age=60', { min: 21, max: 50 }, 10)).toMatchObject({ min_age: 21, max_age: 50 });
    expect(wishesFromQuery('?min_age=30&interests=a,b,c', AGES, 2)?.interests).toEqual(['a', 'b']); // the server's maximum
  });

  it('keeps the ages in order and clears the region with another country', () => {
    expect(withAges(wishes, { min_age: 50 })).toMatchObject({ min_age: 50, max_age: 50 });
    expect(withAges(wishes, { max_age: 20 })).toMatchObject({ min_age: 20, max_age: 20 });
    expect(withCountry(wishes, 'DE')).toMatchObject({ country: 'DE', region: null });
    expect(withCountry(wishes, 'NL')).toMatchObject({ region: 'NL-NH' });
  });
});

describe('match-finder page', () => {
  beforeEach(() => {
    const user = userFixture();
    user.profile = { ...user.profile, gender: 'male', sexuality: 'straight', birth_date: '1990-05-01', country: 'NL', region: null };
    useSession.setState({ user });
    serve = (url, init) => {
      if (url.pathname === '/api/profile') return json(200, { profile: { interests: ['wine', 'travel'] } });
      if (url.pathname === '/api/interests') return json(200, { interests: ['hiking', 'travel', 'wine', 'yoga'] });
      if (url.pathname === '/api/regions') return json(200, { regions: [{ code: 'NL-NH', name: 'North Holland' }] });
      if (url.pathname === '/api/match-finder') {
        const mutual = url.searchParams.get('gender') !== 'any';
        return json(200, { mutual, matches: [scored(9, 87, { name: 'Noor', interests: ['hiking', 'yoga'], shared_interests: ['hiking'] }), scored(10, 54, { is_fictional: true })] });
      }
      if (url.pathname === '/api/members/9/like' && init?.method === 'POST') {
        return json(200, { match: true, profile: { id: 9, name: 'Noor', age: 31, main_image: null } });
      }
      return json(404, { error: 'not_found', params: {} });
    };
  });

  it('is open to free members: the questions, no premium offer (issue 19.8)', () => {
    useSession.setState({ user: userFixture({ paid_user: false }) });
    renderAt('/match-finder');
    expect(screen.queryByTestId('premium-only')).toBeNull();
    expect(screen.getByTestId('finder-progress')).toHaveTextContent('Step 1 of 4');
  });

  it('walks through the steps with back and next, then shows scored results', async () => {
    const router = renderAt('/match-finder');
    expect(screen.getByTestId('finder-progress')).toHaveTextContent('Step 1 of 4');
    expect(screen.getByTestId('finder-gender-female')).toBeChecked(); // a straight man looks for women
    fireEvent.click(screen.getByTestId('finder-next'));
    expect(screen.getByTestId('finder-progress')).toHaveTextContent('Step 2 of 4');
    fireEvent.click(screen.getByTestId('finder-back'));
    expect(screen.getByTestId('finder-progress')).toHaveTextContent('Step 1 of 4');
    fireEvent.click(screen.getByTestId('finder-gender-any'));
    fireEvent.click(screen.getByTestId('finder-next'));
    fireEvent.change(screen.getByTestId('finder-min-age'), { target: { value: '30' } });
    fireEvent.click(screen.getByTestId('finder-next'));
    expect(screen.getByTestId('finder-country')).toHaveValue('NL');
    await waitFor(() => expect(screen.getByTestId('finder-region')).toBeEnabled());
    fireEvent.change(screen.getByTestId('finder-region'), { target: { value: 'NL-NH' } });
    fireEvent.click(screen.getByTestId('finder-next'));
    // The own interests come prefilled; one more is picked.
    await waitFor(() => expect(screen.getByTestId('finder-interest-count')).toHaveTextContent('2 of 10 chosen'));
    expect(screen.getByTestId('finder-interest-wine')).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByTestId('finder-interest-hiking'));
    fireEvent.click(screen.getByTestId('finder-show'));

    const cards = await screen.findAllByTestId('match-card');
    const max = String(ageOn('1990-05-01', new Date()) + 10);
    expect(router.state.location.search).toBe(`?min_age=30&max_age=${max}&country=NL&region=NL-NH&interests=wine%2Ctravel%2Chiking`);
    const query = new URL(String(calls('/api/match-finder')[0]![0]), 'http://x').searchParams;
    expect(Object.fromEntries(query)).toEqual({ min_age: '30', max_age: max, country: 'NL', region: 'NL-NH', interests: 'wine,travel,hiking' });
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByTestId('match-score')).toHaveTextContent('87% match');
    expect(within(cards[0]!).getByText('Hiking').closest('li')).toHaveClass('is-shared');
    expect(within(cards[0]!).getByRole('link', { name: 'View profile: Noor' })).toHaveAttribute('href', '/members/9');
  });

  it('likes a result and hands a match to the celebration', async () => {
    renderAt('/match-finder?min_age=25&max_age=40');
    const cards = await screen.findAllByTestId('match-card');
    fireEvent.click(within(cards[0]!).getByRole('button', { name: 'Like: Noor' }));
    expect(await within(cards[0]!).findByRole('button', { name: 'Liked: Noor' })).toHaveAttribute('aria-pressed', 'true');
    expect(useMatch.getState().queue.map((p) => p.id)).toEqual([9]);
  });

  it('goes back to the questions with the answers kept', async () => {
    const router = renderAt('/match-finder?gender=female&min_age=33&max_age=40');
    fireEvent.click(await screen.findByTestId('finder-change'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByTestId('finder-gender-female')).toBeChecked();
    fireEvent.click(screen.getByTestId('finder-next'));
    expect(screen.getByTestId('finder-min-age')).toHaveValue('33');
  });

  it('says the results are of members who would want the member, widens to everyone on purpose and back', async () => {
    const router = renderAt('/match-finder?gender=female&min_age=25&max_age=40');
    const scope = await screen.findByTestId('finder-scope');
    expect(scope).toHaveTextContent('Only members who are looking for someone like you.');
    // Fictional profiles carry their label on the results too.
    expect(within(screen.getAllByTestId('match-card')[1]!).getByTestId('game-fictional')).toBeInTheDocument();
    fireEvent.click(within(scope).getByRole('button', { name: 'Show everyone' }));
    await waitFor(() => expect(router.state.location.search).toBe('?gender=any&min_age=25&max_age=40'));
    await waitFor(() => expect(screen.getByTestId('finder-scope')).toHaveTextContent('Everyone, also members who are not looking for someone like you.'));
    expect(calls('/api/match-finder').map(([url]) => new URL(String(url), 'http://x').searchParams.get('gender'))).toEqual(['female', 'any']);
    // Back: the gender the profile seeks, two ways again.
    fireEvent.click(screen.getByRole('button', { name: 'Only those looking for someone like me' }));
    await waitFor(() => expect(router.state.location.search).toBe('?gender=female&min_age=25&max_age=40'));
  });

  it('starts the questions from both genders after everyone', async () => {
    const router = renderAt('/match-finder?gender=any&min_age=25&max_age=40');
    fireEvent.click(await screen.findByTestId('finder-change'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByTestId('finder-gender-any')).toBeChecked();
  });

  it('shows the server error of a refused question', async () => {
    serve = () => json(400, { error: 'region_needs_country', params: {} });
    renderAt('/match-finder?min_age=25&max_age=40');
    expect(await screen.findByTestId('finder-error')).toHaveTextContent('Choose a country before choosing a region.');
  });
});

describe('signup matches page', () => {
  it('shows the handed-over matches and continues to the complete step while unconfirmed', async () => {
    useSession.setState({ user: userFixture({ status: 'not_confirmed' }) });
    renderAt('/signup-matches', { matches: [scored(3, 70, { name: 'Lotte' })] });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome, Sam!');
    expect(screen.getAllByTestId('match-card')).toHaveLength(1);
    expect(calls('/api/signup-matches')).toHaveLength(0);
    expect(screen.getByTestId('signup-matches-continue')).toHaveAttribute('href', '/complete-signup');
  });

  it('fetches the matches itself when opened directly, and continues to the members', async () => {
    serve = (url) => (url.pathname === '/api/signup-matches' ? json(200, { matches: [scored(3, 70), scored(4, 60)] }) : json(404, {}));
    renderAt('/signup-matches');
    expect(await screen.findAllByTestId('match-card')).toHaveLength(2);
    expect(screen.getByTestId('signup-matches-continue')).toHaveAttribute('href', '/members');
  });
});

describe('reduced motion', () => {
  it('skips the fly-off animation', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce'), addEventListener() {}, removeEventListener() {} }));
    const deck = [gameCard(1), gameCard(2)];
    serve = (url) => (url.pathname === '/api/swipe' ? json(200, { cards: deck, ...allowance(4), match: false }) : json(404, {}));
    const { container } = render(
      <RouterProvider router={createMemoryRouter([{ path: '*', element: <SwipeGamePage /> }])} />,
    );
    await screen.findByTestId('swipe-card');
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Pass on Member 1' }));
    });
    expect(container.querySelector('.is-flying')).toBeNull();
  });
});
