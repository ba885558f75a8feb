import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../shared/i18n/i18n';
import type { LiveEvent } from '../../shared/realtime/socket';
import { settingsFixture, userFixture } from '../../test/fixtures';
import { stubFetch } from '../../test/fetchStub';
import { seedStores, setupTestI18n } from '../../test/render';
import { flush } from '../../test/time';
import { useChat } from '../../shared/counters';
import { useSession } from '../../shared/session';
import { LikeButton } from './LikeButton';
import type { LikedByProfile, LikedProfile } from './likesApi';
import { startLikesLive } from './likesLive';
import { reloadLikes } from './likesStore';
import { MatchSlot } from './MatchSlot';
import { useMatch } from '../../shared/members/matchStore';

/** The live socket as the likes see it: the test plays the server. */
function fakeSocket() {
  const listeners = new Map<string, Set<(event: LiveEvent) => void>>();
  const connects = new Set<() => void>();
  return {
    on(type: string, listener: (event: never) => void) {
      const set = listeners.get(type) ?? new Set();
      set.add(listener as (event: LiveEvent) => void);
      listeners.set(type, set);
      return () => set.delete(listener as (event: LiveEvent) => void);
    },
    onConnect(listener: () => void) {
      connects.add(listener);
      return () => connects.delete(listener);
    },
    emit(event: LiveEvent) {
      act(() => {
        for (const listener of listeners.get(event.type) ?? []) listener(event);
      });
    },
    connect() {
      act(() => {
        for (const listener of connects) listener();
      });
    },
  };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const card = (id: number, name: string) => ({
  id, name, gender: 'male', age: 33, country: 'NL', region: null, city: 'Leiden', is_fictional: false,
  main_image: { filename: `${id}.jpg`, thumb_filename: `${id}_t.jpg` },
});
const liked = (id: number, name: string, extra: Partial<LikedProfile> = {}): LikedProfile => ({
  ...card(id, name), liked_at: '2026-05-01T10:00:00Z', match: false, match_new: false, ...extra,
});
const likedBy = (id: number, name: string, extra: Partial<LikedByProfile> = {}): LikedByProfile => ({
  ...card(id, name), liked_at: '2026-05-01T10:00:00Z', like_new: true, match: false, ...extra,
});

/** What the server holds; each GET /api/likes answers it as it is when asked. */
let lists: { profiles: LikedProfile[]; liked_by: LikedByProfile[] };
/** A GET /api/likes the test answers itself (to play one that is on its way). */
let holdLists: ((answer: () => void) => void) | null;
let fetchMock: ReturnType<typeof vi.fn>;
let socket: ReturnType<typeof fakeSocket>;
let stop: () => void;

const calls = (path: string, method = 'GET') =>
  fetchMock.mock.calls.filter(([url, init]) => String(url) === path && ((init as RequestInit | undefined)?.method ?? 'GET') === method);

function serve(url: string, init?: RequestInit): Promise<Response> | Response {
  const method = init?.method ?? 'GET';
  if (url === '/api/likes') {
    const answer = () => json(200, { ...lists, new_likes: lists.liked_by.filter((p) => p.like_new).length });
    if (!holdLists) return answer();
    const hold = holdLists;
    holdLists = null;
    // The answer is what the server held when the request arrived, whenever it comes back.
    const now = answer();
    return new Promise((resolve) => hold(() => resolve(now)));
  }
  if (url === '/api/user') return json(200, { user: userFixture({ id: 7 }) });
  if (/^\/api\/matches\/\d+\/seen$/.test(url)) {
    // The server hears the celebration was shown.
    const id = Number(url.split('/')[3]);
    lists = { ...lists, profiles: lists.profiles.map((p) => (p.id === id ? { ...p, match_new: false } : p)) };
    return new Response(null, { status: 204 });
  }
  if (url === '/api/members/9/like' && method === 'POST') {
    return json(200, { match: true, profile: { id: 9, name: 'Daan', age: 33, main_image: null } });
  }
  return json(404, { error: 'not_found', params: {} });
}

/** A member on some screen (a conversation) with the app shell's match slot, as the app has it. */
function renderScreen(page = <p>a conversation</p>) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            {page}
            <MatchSlot />
          </>
        ),
      },
    ],
    { initialEntries: ['/chats/3'] },
  );
  render(<RouterProvider router={router} />);
}

beforeAll(async () => {
  await setupTestI18n();
  await i18n.loadNamespaces(['likes', 'discovery']);
});
beforeEach(() => {
  seedStores({ settings: settingsFixture({ cdn_prefix: '/media/' }) });
  useSession.setState({ user: userFixture({ id: 7 }) });
  lists = { profiles: [], liked_by: [] };
  holdLists = null;
  fetchMock = vi.fn((url: string, init?: RequestInit) => Promise.resolve(serve(url, init)));
  stubFetch(fetchMock);
  socket = fakeSocket();
  stop = startLikesLive({ socket });
});
afterEach(() => {
  stop();
  vi.unstubAllGlobals();
  useSession.getState().clear();
});

describe('live likes', () => {
  it('shows "It\'s a match!" on any screen the moment the other member likes back', async () => {
    lists.profiles = [liked(9, 'Daan')];
    await act(() => reloadLikes());
    renderScreen();
    expect(screen.queryByTestId('match-modal')).toBeNull();
    // Daan likes back: the server stores the match unseen for me and tells my pages.
    lists.profiles = [liked(9, 'Daan', { match: true, match_new: true })];
    socket.emit({ type: 'match', profile: { id: 9, name: 'Daan', age: 33 } });
    const modal = await screen.findByTestId('match-modal');
    expect(modal).toHaveTextContent("It's a match!");
    expect(modal).toHaveTextContent('You and Daan like each other.');
    expect(modal).toHaveAttribute('data-member-id', '9');
    // With his photo, which the lists carry and the event does not.
    expect(modal.querySelector('.match-modal__photo--theirs img')).toHaveAttribute('src', '/media/9.jpg');
    await waitFor(() => expect(calls('/api/matches/9/seen', 'POST')).toHaveLength(1));
  });

  it('updates the likes list and badge on a like and on a like taken back', async () => {
    renderScreen();
    lists.liked_by = [likedBy(4, 'Sem')];
    socket.emit({ type: 'like', member: 4 });
    await waitFor(() => expect(useChat.getState().totalNewLikes).toBe(1));
    expect(useChat.getState().likes.liked_by.map((p) => p.id)).toEqual([4]);
    lists.liked_by = [];
    socket.emit({ type: 'unlike', member: 4 });
    await waitFor(() => expect(useChat.getState().totalNewLikes).toBe(0));
    expect(useChat.getState().likes.liked_by).toEqual([]);
    expect(screen.queryByTestId('match-modal')).toBeNull();
  });

  it('celebrates a match made while the socket was away once it reconnects, and refreshes the member', async () => {
    socket.connect(); // the first connection after login
    await waitFor(() => expect(calls('/api/likes')).toHaveLength(1));
    expect(calls('/api/user')).toHaveLength(0); // just loaded with the page
    renderScreen();
    // Disconnected: Daan liked me and I had liked him — a match I never heard of.
    lists = { profiles: [liked(9, 'Daan', { match: true, match_new: true })], liked_by: [likedBy(9, 'Daan', { match: true })] };
    socket.connect();
    expect(await screen.findByTestId('match-modal')).toHaveAttribute('data-member-id', '9');
    expect(calls('/api/likes')).toHaveLength(2);
    expect(useChat.getState().totalNewLikes).toBe(1);
    await waitFor(() => expect(calls('/api/user')).toHaveLength(1)); // credits missed meanwhile
  });

  it('loads again after news that came while a load was on its way, and only once for a burst', async () => {
    let answerFirst: () => void = () => undefined;
    holdLists = (answer) => {
      answerFirst = answer;
    };
    const first = reloadLikes(); // asked before Sem's like
    await waitFor(() => expect(calls('/api/likes')).toHaveLength(1));
    lists.liked_by = [likedBy(4, 'Sem')];
    socket.emit({ type: 'like', member: 4 });
    socket.emit({ type: 'like', member: 4 });
    await flush();
    expect(calls('/api/likes')).toHaveLength(1); // the news waits for the load on its way
    answerFirst();
    await act(() => first);
    // The first answer predates the like; the one load after it has it.
    await waitFor(() => expect(useChat.getState().totalNewLikes).toBe(1));
    await flush();
    expect(calls('/api/likes')).toHaveLength(2);
  });

  it('does not bring a closed celebration back from lists answered before the server heard it was seen', async () => {
    renderScreen();
    lists.profiles = [liked(9, 'Daan', { match: true, match_new: true })];
    socket.emit({ type: 'match', profile: { id: 9, name: 'Daan', age: 33 } });
    fireEvent.click(await screen.findByTestId('match-modal'));
    expect(screen.queryByTestId('match-modal')).toBeNull();
    // An answer that still says new (the seen call was not through yet): nothing shows.
    lists.profiles = [liked(9, 'Daan', { match: true, match_new: true })];
    socket.emit({ type: 'like', member: 4 });
    await waitFor(() => expect(calls('/api/likes')).toHaveLength(2));
    await flush();
    expect(screen.queryByTestId('match-modal')).toBeNull();
    expect(useMatch.getState().queue).toEqual([]);
    // The match ends and Daan likes me back again later: a new match, celebrated again.
    socket.emit({ type: 'unlike', member: 9 });
    lists.profiles = [liked(9, 'Daan', { match: true, match_new: true })];
    socket.emit({ type: 'match', profile: { id: 9, name: 'Daan', age: 33 } });
    expect(await screen.findByTestId('match-modal')).toHaveAttribute('data-member-id', '9');
  });

  it('drops a waiting celebration when the match ends before it shows, and lists from before do not bring it back', async () => {
    renderScreen();
    lists.profiles = [liked(9, 'Daan', { match: true, match_new: true }), liked(4, 'Sem', { match: true, match_new: true })];
    socket.emit({ type: 'match', profile: { id: 9, name: 'Daan', age: 33 } });
    socket.emit({ type: 'match', profile: { id: 4, name: 'Sem', age: 33 } });
    expect(await screen.findByTestId('match-modal')).toHaveAttribute('data-member-id', '9');
    await waitFor(() => expect(useMatch.getState().queue.map((p) => p.id)).toEqual([9, 4]));
    await flush();
    // A load answered before Sem took his like back: it still calls his match new.
    let answerStale: () => void = () => undefined;
    holdLists = (answer) => {
      answerStale = answer;
    };
    const stale = reloadLikes();
    await waitFor(() => expect(holdLists).toBeNull());
    lists.profiles = [lists.profiles[0]!, liked(4, 'Sem')];
    socket.emit({ type: 'unlike', member: 4 });
    expect(useMatch.getState().queue.map((p) => p.id)).toEqual([9]);
    answerStale();
    await act(() => stale);
    await flush();
    expect(useMatch.getState().queue.map((p) => p.id)).toEqual([9]);
    // Daan's shows as before; after it, none for Sem.
    fireEvent.click(screen.getByTestId('match-modal'));
    await flush();
    expect(screen.queryByTestId('match-modal')).toBeNull();
    expect(useMatch.getState().queue).toEqual([]);
    // Sem likes me back again later: a new match, celebrated.
    lists.profiles = [lists.profiles[0]!, liked(4, 'Sem', { match: true, match_new: true })];
    socket.emit({ type: 'match', profile: { id: 4, name: 'Sem', age: 33 } });
    expect(await screen.findByTestId('match-modal')).toHaveAttribute('data-member-id', '4');
  });

  it('closes the celebration on screen when the match ends', async () => {
    renderScreen();
    lists.profiles = [liked(9, 'Daan', { match: true, match_new: true })];
    socket.emit({ type: 'match', profile: { id: 9, name: 'Daan', age: 33 } });
    await screen.findByTestId('match-modal');
    lists.profiles = [liked(9, 'Daan')];
    socket.emit({ type: 'unlike', member: 9 });
    await waitFor(() => expect(screen.queryByTestId('match-modal')).toBeNull());
    await flush();
    expect(useMatch.getState().queue).toEqual([]);
  });

  it('celebrates once for the member whose like makes the match', async () => {
    renderScreen(<LikeButton member={{ id: 9, name: 'Daan' }} liked={false} likesMe />);
    // The server stores my like as seen: the lists after it do not call the match new.
    lists.profiles = [liked(9, 'Daan', { match: true, match_new: false })];
    fireEvent.click(screen.getByTestId('like-button'));
    expect(await screen.findByTestId('match-modal')).toHaveAttribute('data-member-id', '9');
    await waitFor(() => expect(calls('/api/likes')).toHaveLength(1));
    await flush();
    expect(useMatch.getState().queue.map((p) => p.id)).toEqual([9]);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByTestId('match-modal')).toBeNull();
  });

  it('hears nothing once logged out', async () => {
    useSession.getState().clear();
    socket.emit({ type: 'like', member: 4 });
    socket.connect();
    await flush();
    expect(calls('/api/likes')).toHaveLength(0);
  });
});
