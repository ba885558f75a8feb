import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveSocket, PING_INTERVAL_MS, reconnectDelay, socketUrl } from './socket';

/** A stand-in for the browser's WebSocket: the test opens, feeds and closes it. */
class FakeSocket {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSING = 2;
  static CLOSED = 3;
  static all: FakeSocket[] = [];

  readyState = FakeSocket.CONNECTING;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }

  send(data: string) {
    this.sent.push(JSON.parse(data));
  }

  close() {
    this.readyState = FakeSocket.CLOSED;
  }

  // Test helpers: what the server (or the network) does.
  serverOpens() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }

  serverSends(event: unknown) {
    this.onmessage?.({ data: typeof event === 'string' ? event : JSON.stringify(event) });
  }

  drops() {
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.();
  }
}

const last = () => FakeSocket.all[FakeSocket.all.length - 1]!;

let live: LiveSocket;
beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  live = new LiveSocket();
});
afterEach(() => {
  live.stop();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('live socket', () => {
  it('connects to /ws on the page host, wss on https', () => {
    expect(socketUrl({ protocol: 'http:', host: 'amora.test:8000' })).toBe('ws://amora.test:8000/ws');
    expect(socketUrl({ protocol: 'https:', host: 'amora.test' })).toBe('wss://amora.test/ws');
    live.start();
    live.start();
    expect(FakeSocket.all).toHaveLength(1);
    expect(last().url).toMatch(/^ws:\/\/.+\/ws$/);
  });

  it('hands events to the listeners of their type and ignores garbage', () => {
    const messages = vi.fn();
    const reads = vi.fn();
    live.on('message', messages);
    const stop = live.on('read', reads);
    live.start();
    last().serverOpens();
    const message = { id: 1, conversation_id: 3, sender_id: 9, text: 'Hi', created_at: '2026-03-01T10:00:00+00:00' };
    last().serverSends({ type: 'message', message, unread: 2 });
    last().serverSends({ type: 'read', conversation: 3 });
    last().serverSends('not json');
    last().serverSends({ no: 'type' });
    stop();
    last().serverSends({ type: 'read', conversation: 3 });
    expect(messages).toHaveBeenCalledWith({ type: 'message', message, unread: 2 });
    expect(reads).toHaveBeenCalledTimes(1);
  });

  it('keeps telling the other listeners when one of them fails', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const second = vi.fn();
    live.on('counters', () => {
      throw new Error('broken screen');
    });
    live.on('counters', second);
    live.start();
    last().serverOpens();
    last().serverSends({ type: 'counters', unread: 4 });
    expect(second).toHaveBeenCalledWith({ type: 'counters', unread: 4 });
  });

  it('reconnects with a growing delay and calls onConnect after every (re)connect', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map(reconnectDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    const connected = vi.fn();
    live.onConnect(connected);
    live.start();
    last().serverOpens();
    expect(connected).toHaveBeenCalledTimes(1);

    last().drops();
    vi.advanceTimersByTime(999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    last().drops(); // the server is still down: wait longer
    vi.advanceTimersByTime(1999);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(3);
    last().serverOpens();
    expect(connected).toHaveBeenCalledTimes(2);

    // Connected again: the next drop starts over at 1 s.
    last().drops();
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(4);
  });

  it('sends typing notices and pings only while open', () => {
    live.typing(5);
    live.start();
    live.typing(5);
    expect(last().sent).toEqual([]);
    last().serverOpens();
    live.typing(5);
    vi.advanceTimersByTime(PING_INTERVAL_MS);
    expect(last().sent).toEqual([{ type: 'typing', conversation: 5 }, { type: 'ping' }]);
    last().drops();
    vi.advanceTimersByTime(PING_INTERVAL_MS);
    expect(FakeSocket.all[0]!.sent).toHaveLength(2);
  });

  it('stays closed after stop, and a stop then start keeps a single connection', () => {
    live.start();
    const first = last();
    first.serverOpens();
    live.stop();
    expect(first.readyState).toBe(FakeSocket.CLOSED);
    live.start();
    expect(FakeSocket.all).toHaveLength(2);
    first.drops(); // the old socket's close arrives late
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(2);

    live.stop();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('does not come back after the server revoked the session', () => {
    const revoked = vi.fn();
    live.on('session_revoked', revoked);
    live.start();
    last().serverOpens();
    last().serverSends({ type: 'session_revoked' });
    last().drops();
    vi.advanceTimersByTime(60_000);
    expect(revoked).toHaveBeenCalledTimes(1);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('connects at once when started (or back online) while waiting to retry', () => {
    live.start();
    last().drops();
    live.reconnectNow();
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(2); // the pending retry was dropped
  });
});
