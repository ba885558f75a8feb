import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '../../shared/realtime/socket';
import { userFixture } from '../../test/fixtures';
import { useSession } from '../../shared/session';
import { useChatsStatus } from './chatList';
import { useChat } from '../../shared/counters/chatStore';
import { PUSH_SYNC_INTERVAL_MS, startChatSync, syncInterval } from './chatSync';
import { eventually } from '../../test/time';
import { stubFetch } from '../../test/fetchStub';

/** The live socket as the sync sees it: the test plays the server. */
function fakeSocket() {
  const listeners = new Map<string, Set<(event: LiveEvent) => void>>();
  const connects = new Set<() => void>();
  return {
    start: vi.fn(),
    stop: vi.fn(),
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
      for (const listener of listeners.get(event.type) ?? []) listener(event);
    },
    connect() {
      for (const listener of connects) listener();
    },
  };
}

const chat = (id: number, unread: number) => ({
  conversation: { id },
  profile: { id: 100 + id, name: `Member ${id}`, gender: 'male', age: 30, country: 'NL', region: null, city: null, is_fictional: false, main_image: null },
  num_unread_messages: unread,
  last_message: null,
});

let fetchMock: ReturnType<typeof vi.fn>;
let socket: ReturnType<typeof fakeSocket>;
let stopSync: () => void;
const chatLoads = () => fetchMock.mock.calls.filter(([url]) => String(url) === '/api/chats').length;

beforeEach(() => {
  vi.useFakeTimers();
  fetchMock = vi.fn((url: string) =>
    Promise.resolve(
      String(url) === '/api/chats'
        ? new Response(JSON.stringify({ chats: [chat(1, 2), chat(2, 1)] }), { status: 200 })
        : String(url) === '/api/user'
          ? new Response(JSON.stringify({ error: 'authentication_required' }), { status: 403 })
          : new Response(null, { status: 204 }),
    ),
  );
  stubFetch(fetchMock);
  useSession.setState({ user: userFixture({ credits: 35 }) });
  socket = fakeSocket();
});
afterEach(() => {
  stopSync();
  useSession.getState().clear();
  useChatsStatus.setState({ loaded: false, error: null, deleteError: null });
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('chat sync', () => {
  it('opens the live connection and loads the chats 5 s after login, then every minute', async () => {
    stopSync = startChatSync({ socket });
    expect(socket.start).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(chatLoads()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(chatLoads()).toBe(1);
    expect(useChat.getState().totalUnread).toBe(3);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(chatLoads()).toBe(2);
  });

  it('waits longer between loads once push messages keep the list fresh', async () => {
    expect(syncInterval(true)).toBe(PUSH_SYNC_INTERVAL_MS);
    stopSync = startChatSync({ socket, interval: () => syncInterval(true) });
    await vi.advanceTimersByTimeAsync(5_000 + 60_000);
    expect(chatLoads()).toBe(1);
    await vi.advanceTimersByTimeAsync(PUSH_SYNC_INTERVAL_MS - 60_000);
    expect(chatLoads()).toBe(2);
  });

  it('reloads on every (re)connect and once after a burst of live news', async () => {
    stopSync = startChatSync({ socket });
    socket.connect();
    await vi.advanceTimersByTimeAsync(0);
    expect(chatLoads()).toBe(1);
    const message = { id: 9, conversation_id: 1, sender_id: 101, text: 'Hi', created_at: '2026-03-01T10:00:00Z' };
    socket.emit({ type: 'message', message, unread: 3 });
    socket.emit({ type: 'counters', unread: 3 });
    socket.emit({ type: 'read', conversation: 2 });
    await vi.advanceTimersByTimeAsync(399);
    expect(chatLoads()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(chatLoads()).toBe(2);
  });

  it('keeps the balance up to date from credits events', () => {
    stopSync = startChatSync({ socket });
    socket.emit({ type: 'credits', credits: 25 });
    expect(useSession.getState().user?.credits).toBe(25);
  });

  it('stops everything on logout and when the server revokes the session', async () => {
    stopSync = startChatSync({ socket });
    socket.emit({ type: 'session_revoked' });
    // The server is asked (GET /api/user, through a lazily loaded module: real timers
    // let that import finish); it says the session is gone.
    vi.useRealTimers();
    await eventually(() => expect(useSession.getState().user).toBeNull());
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/user'))).toBe(true);
    vi.useFakeTimers();
    expect(useSession.getState().user).toBeNull();
    expect(socket.stop).toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(120_000);
    socket.emit({ type: 'counters', unread: 1 });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(chatLoads()).toBe(0);

    // Logging in again starts over.
    useSession.getState().setUser(userFixture());
    expect(socket.start).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(chatLoads()).toBe(1);
  });

  it('tells the server when the page goes to the background', async () => {
    stopSync = startChatSync({ socket });
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    const beacons = () => fetchMock.mock.calls.filter(([url]) => url === '/api/page-hidden');
    await vi.waitFor(() => expect(beacons()).toHaveLength(1));
    expect(beacons()[0]![1]).toMatchObject({ method: 'POST', keepalive: true });
  });
});
