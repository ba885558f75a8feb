import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../shared/i18n/i18n';
import { settingsFixture, userFixture } from '../../test/fixtures';
import { renderInRouter, seedStores, setupTestI18n } from '../../test/render';
import { useChat } from '../../shared/counters';
import { useSession } from '../../shared/session';
import { LikeButton } from './LikeButton';
import type { LikedByProfile, LikedProfile } from './likesApi';
import { LikeModal, RELOAD_AFTER_MS } from './LikeModal';
import { delayOf, useLikeModal, withoutDelay } from './likeModalStore';
import { LikesPage, itemsOf, tabOf } from './LikesPage';
import { PUSH_REFRESH_INTERVAL_MS, REFRESH_INTERVAL_MS, refreshInterval, startRefresher } from './likesRefresher';
import { LikesSlot } from './LikesSlot';
import { useLikesStatus } from './likesStore';
import { MatchModal } from './MatchModal';
import { useMatch } from '../../shared/members/matchStore';
import { stubFetch } from '../../test/fetchStub';

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function card(id: number) {
  return { id, name: `Member ${id}`, gender: 'female', age: 30, country: 'NL', region: null, city: 'Haarlem', is_fictional: false, main_image: null };
}
const liked = (id: number, at: string, extra: Partial<LikedProfile> = {}): LikedProfile => ({
  ...card(id),
  liked_at: at,
  match: false,
  match_new: false,
  ...extra,
});
const likedBy = (id: number, at: string, extra: Partial<LikedByProfile> = {}): LikedByProfile => ({
  ...card(id),
  liked_at: at,
  like_new: false,
  match: false,
  ...extra,
});

let lists: { profiles: LikedProfile[]; liked_by: LikedByProfile[] };
let likeAnswer: () => Response;
let autoLikeAnswer: () => Response;
let fetchMock: ReturnType<typeof vi.fn>;
let memberAnswer: () => Response;

function serve(input: string, init?: RequestInit): Response {
  const url = new URL(input, 'http://amora.test');
  const method = init?.method ?? 'GET';
  if (url.pathname === '/api/likes') return json(200, { ...lists, new_likes: lists.liked_by.filter((p) => p.like_new).length });
  if (url.pathname === '/api/auto-like') return autoLikeAnswer();
  if (/^\/api\/members\/\d+\/like$/.test(url.pathname)) return method === 'POST' ? likeAnswer() : new Response(null, { status: 204 });
  if (/^\/api\/matches\/\d+\/seen$/.test(url.pathname)) return new Response(null, { status: 204 });
  if (url.pathname === '/api/user') return json(200, { user: userFixture() });
  if (/^\/api\/members\/\d+$/.test(url.pathname)) return memberAnswer();
  return json(404, { error: 'not_found', params: {} });
}

const calls = (path: string | RegExp, method = 'GET') =>
  fetchMock.mock.calls.filter(([url, init]) => {
    const pathname = new URL(String(url), 'http://amora.test').pathname;
    return (typeof path === 'string' ? pathname === path : path.test(pathname)) && ((init as RequestInit | undefined)?.method ?? 'GET') === method;
  });

beforeAll(async () => {
  await setupTestI18n();
  await i18n.loadNamespaces(['likes', 'discovery', 'profile']);
});
beforeEach(() => {
  seedStores({ settings: settingsFixture({ cdn_prefix: '/media/' }) });
  useSession.setState({ user: userFixture({ id: 7 }) });
  lists = { profiles: [], liked_by: [] };
  likeAnswer = () => json(200, { match: false, profile: { id: 5, name: 'Lotte', age: 31, main_image: null } });
  autoLikeAnswer = () => new Response(null, { status: 204 });
  memberAnswer = () => json(404, { error: 'member_not_found', params: {} });
  fetchMock = vi.fn((url: string, init?: RequestInit) => Promise.resolve(serve(url, init)));
  stubFetch(fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  useSession.getState().clear();
  useMatch.setState({ queue: [], opener: null });
});

function renderAt(path: string, element: React.ReactNode, extra: { path: string; element: React.ReactNode }[] = []) {
  const router = createMemoryRouter(
    [
      ...extra,
      { path: '/likes', element },
      { path: '/likes/:type', element },
      { path: '/likes/m/:id', element: <p>likes profile</p> },
      { path: '/members', element },
      { path: '/members/:id', element: <p>member profile</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('LikeButton', () => {
  it('likes at once, then asks the server, and unlikes again', async () => {
    const onChange = vi.fn();
    renderAt('/members', <LikeButton member={{ id: 5, name: 'Lotte' }} liked={false} onChange={onChange} />);
    const button = screen.getByTestId('like-button');
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(button).toHaveTextContent('Like');
    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(button).toBeDisabled();
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(true, false));
    expect(button).toHaveTextContent('Liked');
    expect(calls('/api/members/5/like', 'POST')).toHaveLength(1);
    expect(useMatch.getState().queue).toEqual([]);

    fireEvent.click(button);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(false, false));
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(calls('/api/members/5/like', 'DELETE')).toHaveLength(1);
  });

  it('celebrates a like that makes a match', async () => {
    likeAnswer = () => json(200, { match: true, profile: { id: 5, name: 'Lotte', age: 31, main_image: null } });
    renderAt('/members', <LikeButton member={{ id: 5, name: 'Lotte' }} liked={false} likesMe />);
    expect(screen.getByTestId('like-button')).toHaveTextContent('Like back');
    fireEvent.click(screen.getByTestId('like-button'));
    await waitFor(() => expect(useMatch.getState().queue.map((p) => p.id)).toEqual([5]));
  });

  it('takes the like back and says why when the server refuses', async () => {
    likeAnswer = () => json(400, { error: 'cannot_like_self', params: {} });
    renderAt('/members', <LikeButton member={{ id: 5, name: 'Lotte' }} liked={false} />);
    fireEvent.click(screen.getByTestId('like-button'));
    expect(await screen.findByTestId('like-error')).toHaveTextContent("You can't like yourself.");
    expect(screen.getByTestId('like-button')).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByTestId('like-button')).toBeEnabled();
  });

  it('shows visitors the login prompt instead of liking', async () => {
    useSession.setState({ user: null });
    renderAt('/members', <LikeButton member={{ id: 5, name: 'Lotte' }} liked={false} variant="icon" />);
    fireEvent.click(screen.getByRole('button', { name: 'Like Lotte' }));
    expect(await screen.findByTestId('login-prompt')).toHaveTextContent('Like Lotte?');
    expect(screen.getByTestId('prompt-login')).toHaveAttribute('href', '/login?redirect=%2Fmembers');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('likes lists', () => {
  it('maps the paths to tabs; anything else is no tab', () => {
    expect(tabOf(undefined)).toBe('liked-me');
    expect(tabOf('liked-me')).toBe('liked-me');
    expect(tabOf('mine')).toBe('mine');
    expect(tabOf('matches')).toBe('matches');
    expect(tabOf('everyone')).toBeNull();
  });

  it('lists new likes first, then the newest; matches are the mutual likes', () => {
    const data = {
      liked_by: [
        likedBy(1, '2026-01-03T00:00:00Z'),
        likedBy(2, '2026-01-01T00:00:00Z', { like_new: true }),
        likedBy(3, '2026-01-02T00:00:00Z', { like_new: true, match: true }),
      ],
      profiles: [liked(4, '2026-01-01T00:00:00Z', { match: true }), liked(3, '2026-01-05T00:00:00Z', { match: true, match_new: true }), liked(6, '2026-01-04T00:00:00Z')],
    };
    expect(itemsOf('liked-me', data).map((i) => [i.member.id, i.isNew, i.liked])).toEqual([
      [3, true, true],
      [2, true, false],
      [1, false, false],
    ]);
    expect(itemsOf('mine', data).map((i) => i.member.id)).toEqual([3, 6, 4]);
    expect(itemsOf('matches', data).map((i) => [i.member.id, i.isNew])).toEqual([
      [3, true],
      [4, false],
    ]);
  });

  it('shows who liked me on /likes, with the new ones marked and the tabs counted', async () => {
    lists = {
      liked_by: [likedBy(1, '2026-01-03T00:00:00Z'), likedBy(2, '2026-01-01T00:00:00Z', { like_new: true })],
      profiles: [liked(9, '2026-01-01T00:00:00Z')],
    };
    renderAt('/likes', <LikesPage />);
    const grid = await screen.findByTestId('likes-grid');
    const cards = within(grid).getAllByTestId('like-card');
    expect(cards.map((c) => c.dataset.memberId)).toEqual(['2', '1']);
    expect(within(cards[0]!).getByTestId('like-new')).toHaveTextContent('New');
    expect(within(cards[1]!).queryByTestId('like-new')).toBeNull();
    expect(within(cards[0]!).getByTestId('like-button')).toHaveTextContent('Like back');
    expect(within(cards[0]!).getByTestId('like-view')).toHaveAttribute('href', '/likes/m/2');
    expect(screen.getByTestId('likes-tab-liked-me')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByTestId('likes-tab-liked-me')).toHaveTextContent('Liked me2');
    expect(screen.getByTestId('likes-tab-new')).toHaveTextContent('1 new');
    expect(screen.getByTestId('likes-tab-mine')).toHaveAttribute('href', '/likes/mine');
    expect(useChat.getState().totalNewLikes).toBe(1);
  });

  it('switches tabs and shows an empty state with ways to find matches', async () => {
    lists = { liked_by: [likedBy(1, '2026-01-03T00:00:00Z')], profiles: [liked(9, '2026-01-01T00:00:00Z')] };
    const router = renderAt('/likes/mine', <LikesPage />);
    expect((await screen.findAllByTestId('like-card')).map((c) => c.dataset.memberId)).toEqual(['9']);
    fireEvent.click(screen.getByTestId('likes-tab-matches'));
    expect(await screen.findByTestId('likes-empty')).toHaveTextContent('No matches yet');
    expect(router.state.location.pathname).toBe('/likes/matches');
    expect(screen.getByTestId('empty-swipe')).toHaveAttribute('href', '/swipe-game');
    expect(screen.getByTestId('empty-finder')).toHaveAttribute('href', '/match-finder');
  });

  it('celebrates a match the member has not seen when the lists load', async () => {
    lists = { liked_by: [], profiles: [liked(4, '2026-01-01T00:00:00Z', { match: true, match_new: true })] };
    renderAt('/likes/matches', <LikesPage />);
    await screen.findByTestId('likes-grid');
    expect(useMatch.getState().queue.map((p) => p.id)).toEqual([4]);
  });

  it('shows the not-found screen for an unknown list', () => {
    renderAt('/likes/everyone', <LikesPage />);
    expect(screen.getByText('This page could not be found')).toBeInTheDocument();
  });

  it('forgets the lists on logout', async () => {
    lists = { liked_by: [likedBy(1, '2026-01-03T00:00:00Z', { like_new: true })], profiles: [] };
    renderAt('/likes', <LikesPage />);
    await screen.findByTestId('likes-grid');
    act(() => useSession.getState().clear());
    expect(useChat.getState().totalNewLikes).toBe(0);
    expect(useLikesStatus.getState().loaded).toBe(false);
  });
});

describe('like modal', () => {
  const lotte = { id: 5, name: 'Lotte', age: 31, is_fictional: false, main_image: { match: 'lotte.jpg', thumb: 'lotte_t.jpg' } };

  it('reads and removes the delay t, keeping the other parameters', () => {
    expect(delayOf('?t=3')).toBe(3);
    expect(delayOf('?gender=female&t=1.5')).toBe(1.5);
    expect(delayOf('?t=abc')).toBeNull();
    expect(delayOf('?t=99999')).toBe(3600);
    expect(delayOf('')).toBeNull();
    expect(withoutDelay('?a=1&t=5&b=2')).toBe('?a=1&b=2');
    expect(withoutDelay('?t=5')).toBe('');
  });

  it('waits t seconds, removes t from the URL and offers the like the server returned', async () => {
    vi.useFakeTimers();
    autoLikeAnswer = () => json(200, lotte);
    const router = renderAt('/members?gender=female&t=2', <LikesSlot />);
    await act(() => vi.advanceTimersByTimeAsync(1_900));
    expect(calls('/api/auto-like')).toHaveLength(0);
    expect(router.state.location.search).toBe('?gender=female&t=2');
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(calls('/api/auto-like')).toHaveLength(1);
    expect(router.state.location.search).toBe('?gender=female');
    expect(useLikeModal.getState().profile).toEqual(lotte);
    // One offer per visit, however often the layout mounts.
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(calls('/api/auto-like')).toHaveLength(1);
  });

  it('asks nothing for visitors and shows nothing when nobody liked them', async () => {
    vi.useFakeTimers();
    useSession.setState({ user: null });
    renderAt('/members', <LikesSlot />);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(calls('/api/auto-like')).toHaveLength(0);
    act(() => useSession.setState({ user: userFixture({ id: 8 }) }));
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(calls('/api/auto-like')).toHaveLength(1);
    expect(useLikeModal.getState().profile).toBeNull();
  });

  it('shows "<name> likes you", reloads the lists after 0.5 s, and a like back celebrates the match', async () => {
    likeAnswer = () => json(200, { match: true, profile: { id: 5, name: 'Lotte', age: 31, main_image: null } });
    useLikeModal.setState({ profile: lotte });
    vi.useFakeTimers();
    renderAt('/members', <LikeModal />);
    expect(screen.getByTestId('like-modal-title')).toHaveTextContent('Lotte likes you!');
    expect(screen.getByRole('img', { name: 'Photo of Lotte' })).toHaveAttribute('src', '/media/lotte.jpg');
    await act(() => vi.advanceTimersByTimeAsync(RELOAD_AFTER_MS - 1));
    expect(calls('/api/likes')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(calls('/api/likes')).toHaveLength(1);
    vi.useRealTimers();
    fireEvent.click(screen.getByTestId('like-modal-like'));
    await waitFor(() => expect(useMatch.getState().queue.map((p) => p.id)).toEqual([5]));
    expect(useLikeModal.getState().profile).toBeNull();
  });

  it('labels a fictional profile in the modal', () => {
    useLikeModal.setState({ profile: { ...lotte, is_fictional: true } });
    renderAt('/members', <LikeModal />);
    expect(screen.getByTestId('fictional-badge')).toBeInTheDocument();
    expect(screen.getByTestId('like-modal-fictional')).toBeVisible();
  });

  it('opens the profile from the likes, or closes for now', async () => {
    useLikeModal.setState({ profile: lotte });
    const router = renderAt('/members', <LikeModal />);
    fireEvent.click(screen.getByTestId('like-modal-view'));
    expect(router.state.location.pathname).toBe('/likes/m/5');
    expect(useLikeModal.getState().profile).toBeNull();
    expect(calls('/api/members/5/like', 'POST')).toHaveLength(0);
  });
});

describe('match modal', () => {
  const lotte = { id: 5, name: 'Lotte', age: 31, main_image: { filename: 'lotte.jpg', thumb_filename: 'lotte_t.jpg' } };

  it('celebrates the queued matches one by one and marks each seen', async () => {
    useMatch.getState().celebrate(lotte);
    useMatch.getState().celebrate({ ...lotte, id: 6, name: 'Noor' });
    renderAt('/members', <MatchModal />);
    const modal = screen.getByTestId('match-modal');
    expect(modal).toHaveTextContent("It's a match!");
    expect(modal).toHaveTextContent('You and Lotte like each other.');
    expect(screen.getByTestId('match-main')).toHaveFocus();
    await waitFor(() => expect(calls('/api/matches/5/seen', 'POST')).toHaveLength(1));
    fireEvent.click(modal); // anywhere
    expect(screen.getByTestId('match-modal')).toHaveAttribute('data-member-id', '6');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByTestId('match-modal')).toBeNull();
  });

  it('gives the focus back to the like button that made the match when it closes', () => {
    renderAt('/members', <><button type="button" data-testid="opener">Like</button><MatchModal /></>);
    const opener = screen.getByTestId('opener');
    act(() => useMatch.getState().celebrate(lotte, opener));
    act(() => useMatch.getState().celebrate({ ...lotte, id: 6, name: 'Noor' }, null));
    expect(screen.getByTestId('match-main')).toHaveFocus();
    expect(screen.getByTestId('match-modal')).toHaveAttribute('aria-modal', 'true');
    fireEvent.keyDown(document, { key: 'Escape' });
    // The next celebration shows: the focus stays in it.
    expect(screen.getByTestId('match-main')).toHaveFocus();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByTestId('match-modal')).toBeNull();
    expect(opener).toHaveFocus();
    expect(useMatch.getState().opener).toBeNull();
  });

  it('goes to their profile from the photo and to the chat from the main button', () => {
    useMatch.getState().celebrate(lotte);
    useMatch.getState().celebrate({ ...lotte, id: 6, name: 'Noor' });
    const { router } = renderInRouter(<MatchModal />, '/likes');
    fireEvent.click(screen.getByTestId('match-photo'));
    expect(router.state.location.pathname).toBe('/members/5');
    // Only one celebration closed: the next one shows.
    expect(useMatch.getState().queue.map((p) => p.id)).toEqual([6]);
    fireEvent.click(screen.getByTestId('match-main'));
    expect(router.state.location.pathname).toBe('/members/6/chat');
    expect(useMatch.getState().queue).toEqual([]);
  });
});

describe('refresher', () => {
  it('refreshes user and likes 5 s after login, then every interval, and stops on logout', async () => {
    vi.useFakeTimers();
    useSession.setState({ user: null });
    const stop = startRefresher();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchMock).not.toHaveBeenCalled();

    useSession.setState({ user: userFixture() });
    await vi.advanceTimersByTimeAsync(4_900);
    expect(calls('/api/likes')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(100);
    expect(calls('/api/likes')).toHaveLength(1);
    expect(calls('/api/user')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
    expect(calls('/api/likes')).toHaveLength(2);

    useSession.getState().clear();
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS * 3);
    expect(calls('/api/likes')).toHaveLength(2);
    stop();
  });

  it('slows down to 300 s when push keeps the lists fresh', async () => {
    vi.useFakeTimers();
    expect(refreshInterval(false)).toBe(60_000);
    expect(refreshInterval(true)).toBe(300_000);
    const stop = startRefresher({ interval: () => refreshInterval(true) });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(calls('/api/likes')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
    expect(calls('/api/likes')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(PUSH_REFRESH_INTERVAL_MS - REFRESH_INTERVAL_MS);
    expect(calls('/api/likes')).toHaveLength(2);
    stop();
  });
});
