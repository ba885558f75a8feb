// The likes on the search's screens: the heart on a card, the like-back on a profile.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../shared/i18n/i18n';
import { stubFetch } from '../../test/fetchStub';
import { settingsFixture, userFixture } from '../../test/fixtures';
import { seedStores, setupTestI18n } from '../../test/render';
import { useChat } from '../../shared/counters';
import { reloadLikes } from '../../features/likes';
import { useMatch } from '../../shared/members';
import { useSession } from '../../shared/session';
import { MemberCardView } from '../../features/discovery/MemberCardView';
import { MemberProfilePage } from '../../features/discovery/MemberProfilePage';
import { useSearch } from '../../features/discovery/searchStore';

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function card(id: number) {
  return { id, name: `Member ${id}`, gender: 'female', age: 30, country: 'NL', region: null, city: 'Haarlem', is_fictional: false, main_image: null };
}
const liked = (id: number, at: string) => ({ ...card(id), liked_at: at, match: false, match_new: false });
const likedBy = (id: number, at: string, extra: { like_new?: boolean } = {}) => ({ ...card(id), liked_at: at, like_new: false, match: false, ...extra });

let lists: { profiles: ReturnType<typeof liked>[]; liked_by: ReturnType<typeof likedBy>[] };
let likeAnswer: () => Response;
let memberAnswer: () => Response;
let fetchMock: ReturnType<typeof vi.fn>;

function serve(input: string, init?: RequestInit): Response {
  const url = new URL(input, 'http://amora.test');
  const method = init?.method ?? 'GET';
  if (url.pathname === '/api/likes') return json(200, { ...lists, new_likes: lists.liked_by.filter((p) => p.like_new).length });
  if (url.pathname === '/api/auto-like') return new Response(null, { status: 204 });
  if (/^\/api\/members\/\d+\/like$/.test(url.pathname)) return method === 'POST' ? likeAnswer() : new Response(null, { status: 204 });
  if (/^\/api\/matches\/\d+\/seen$/.test(url.pathname)) return new Response(null, { status: 204 });
  if (url.pathname === '/api/user') return json(200, { user: userFixture() });
  if (/^\/api\/members\/\d+$/.test(url.pathname)) return memberAnswer();
  return json(404, { error: 'not_found', params: {} });
}

const calls = (path: string, method = 'GET') =>
  fetchMock.mock.calls.filter(
    ([url, init]) => new URL(String(url), 'http://amora.test').pathname === path && ((init as RequestInit | undefined)?.method ?? 'GET') === method,
  );

beforeAll(async () => {
  await setupTestI18n();
  await i18n.loadNamespaces(['likes', 'discovery', 'profile']);
});
beforeEach(() => {
  seedStores({ settings: settingsFixture({ cdn_prefix: '/media/' }) });
  useSession.setState({ user: userFixture({ id: 7 }) });
  lists = { profiles: [], liked_by: [] };
  likeAnswer = () => json(200, { match: false, profile: { id: 5, name: 'Lotte', age: 31, main_image: null } });
  memberAnswer = () => json(404, { error: 'member_not_found', params: {} });
  fetchMock = vi.fn((url: string, init?: RequestInit) => Promise.resolve(serve(url, init)));
  stubFetch(fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clear();
  useMatch.setState({ queue: [], opener: null });
});

function renderAt(path: string, element: React.ReactNode, extra: { path: string; element: React.ReactNode }[] = []) {
  const router = createMemoryRouter(
    [
      ...extra,
      { path: '/likes', element },
      { path: '/members', element },
      { path: '/members/:id', element: <p>member profile</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('on the member screens', () => {
  const lotte = {
    id: 5, name: 'Lotte', gender: 'female', age: 31, country: 'NL', region: null, city: 'Haarlem', interests: [],
    is_fictional: false, blocked_by_me: false, liked_by_me: false, likes_me: true, match: false, photo_count: 0, photos: [],
  };

  it('shows on a profile that they like me, and a like back makes the match', async () => {
    memberAnswer = () => json(200, { profile: lotte });
    likeAnswer = () => json(200, { match: true, profile: { id: 5, name: 'Lotte', age: 31, main_image: null } });
    useChat.getState().setLikes({ profiles: [], liked_by: [likedBy(5, '2026-01-01T00:00:00Z', { like_new: true })] });
    renderAt('/likes/m/5', null, [{ path: '/likes/m/:id', element: <MemberProfilePage /> }]);
    expect(await screen.findByTestId('like-hint')).toHaveTextContent('Lotte likes you! Like back and it\'s a match.');
    expect(screen.getByText('Back to likes')).toHaveAttribute('href', '/likes');
    // Opening the profile cleared the new like (the server did too): the badge follows at once.
    expect(useChat.getState().totalNewLikes).toBe(0);
    const like = within(screen.getByTestId('member-actions')).getByTestId('like-button');
    expect(like).toHaveTextContent('Like back');
    fireEvent.click(like);
    await waitFor(() => expect(screen.getByTestId('like-hint')).toHaveTextContent("It's a match! You and Lotte like each other."));
    expect(useMatch.getState().queue.map((p) => p.id)).toEqual([5]);
  });

  it("puts a heart on search cards as the search's answer says, without asking for the likes lists", async () => {
    lists = { liked_by: [], profiles: [liked(5, '2026-01-01T00:00:00Z')] };
    useSearch.setState({ liked: [5] });
    renderAt('/members', <MemberCardView member={{ ...card(5), name: 'Lotte' }} />);
    const heart = screen.getByRole('button', { name: 'Unlike Lotte' });
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    // The lists come later (the refresh after the first screen): the card does not wait.
    await Promise.resolve();
    expect(calls('/api/likes')).toHaveLength(0);
    useSearch.getState().reset();
  });

  it('follows the likes lists once they are loaded: they are newer than the search', async () => {
    lists = { liked_by: [], profiles: [liked(5, '2026-01-01T00:00:00Z')] };
    useSearch.setState({ liked: [] });
    renderAt('/members', <MemberCardView member={{ ...card(5), name: 'Lotte' }} />);
    const heart = screen.getByRole('button', { name: 'Like Lotte' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await act(() => reloadLikes());
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(heart).toHaveAccessibleName('Unlike Lotte');
  });

  it('shows no heart on my own card', () => {
    renderAt('/members', <MemberCardView member={{ ...card(7), name: 'Sam' }} />);
    expect(screen.queryByTestId('like-button')).toBeNull();
  });
});
