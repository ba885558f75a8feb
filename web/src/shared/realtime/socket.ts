/**
 * The live connection to /ws (issue 6). While a member is logged in the app keeps one
 * WebSocket open; the server pushes events (message, typing, read, like, unlike, match,
 * counters, credits, session_revoked) and listeners subscribe by event type.
 *
 * A dropped connection reconnects with a growing delay (1 s … 30 s), at once when the
 * browser comes back online; after every (re)connect `onConnect` listeners run, so
 * screens refetch what they may have missed. A ping every 25 s keeps it open.
 */

export type LiveEvent =
  | { type: 'hello'; member: number }
  | { type: 'message'; message: LiveMessage; unread?: number }
  | { type: 'typing'; conversation: number; member: number }
  | { type: 'read'; conversation: number }
  | { type: 'like'; member: number }
  | { type: 'unlike'; member: number }
  | { type: 'match'; profile: { id: number; name: string; age?: number } }
  | { type: 'counters'; unread: number }
  | { type: 'credits'; credits: number }
  | { type: 'payment'; order: number; status: string }
  | { type: 'session_revoked' }
  | { type: 'pong' };

export interface LiveMessage {
  id: number;
  conversation_id: number;
  sender_id: number;
  text: string;
  created_at: string;
  gift?: string | null;
  /** Removed by the moderators: the message comes again, without its text. */
  removed?: boolean;
}

type EventType = LiveEvent['type'];
type Listener<T extends EventType> = (event: Extract<LiveEvent, { type: T }>) => void;

export const RECONNECT_MIN_MS = 1000;
export const RECONNECT_MAX_MS = 30_000;
/** A ping now and then keeps proxies from closing a quiet connection (the server answers pong). */
export const PING_INTERVAL_MS = 25_000;

/** The delay before reconnect attempt `attempt` (0-based): 1 s, 2 s, 4 s … 30 s. */
export function reconnectDelay(attempt: number): number {
  return Math.min(RECONNECT_MIN_MS * 2 ** attempt, RECONNECT_MAX_MS);
}

export function socketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

export class LiveSocket {
  private socket: WebSocket | null = null;
  private wanted = false;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private pinger: ReturnType<typeof setInterval> | null = null;
  private listeners = new Map<EventType, Set<(event: LiveEvent) => void>>();
  private connectListeners = new Set<() => void>();

  /** Open (and keep open) the connection; called when a member is logged in. */
  start(): void {
    this.wanted = true;
    if (this.socket) return;
    // Waiting for a reconnect: try now instead (a login, or the network came back).
    this.clearTimer();
    this.open();
  }

  /** Connect at once if the connection is wanted but waiting for its next attempt. */
  reconnectNow(): void {
    if (this.wanted) this.start();
  }

  /** Close for good (logout). */
  stop(): void {
    this.wanted = false;
    this.clearTimer();
    this.stopPinging();
    const socket = this.socket;
    this.socket = null;
    this.attempt = 0;
    socket?.close();
  }

  get connected(): boolean {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  on<T extends EventType>(type: T, listener: Listener<T>): () => void {
    const set = this.listeners.get(type) ?? new Set();
    set.add(listener as (event: LiveEvent) => void);
    this.listeners.set(type, set);
    return () => set.delete(listener as (event: LiveEvent) => void);
  }

  onConnect(listener: () => void): () => void {
    this.connectListeners.add(listener);
    return () => this.connectListeners.delete(listener);
  }

  /** Tell the other member of a conversation that this member is typing. */
  typing(conversation: number): void {
    this.send({ type: 'typing', conversation });
  }

  private send(data: object): void {
    if (this.connected) this.socket?.send(JSON.stringify(data));
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private stopPinging(): void {
    if (this.pinger) clearInterval(this.pinger);
    this.pinger = null;
  }

  private reconnectLater(): void {
    if (!this.wanted || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.wanted && !this.socket) this.open();
    }, reconnectDelay(this.attempt++));
  }

  private open(): void {
    let socket: WebSocket;
    try {
      socket = new WebSocket(socketUrl(window.location));
    } catch {
      this.reconnectLater();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.attempt = 0;
      this.stopPinging();
      this.pinger = setInterval(() => this.send({ type: 'ping' }), PING_INTERVAL_MS);
      for (const listener of [...this.connectListeners]) safely(listener);
    };
    socket.onmessage = (message: MessageEvent) => {
      if (this.socket !== socket || typeof message.data !== 'string') return;
      let event: LiveEvent;
      try {
        event = JSON.parse(message.data) as LiveEvent;
      } catch {
        return;
      }
      if (!event || typeof event.type !== 'string') return;
      // The server closes the socket after this: do not come back with a dead session.
      if (event.type === 'session_revoked') this.wanted = false;
      for (const listener of [...(this.listeners.get(event.type) ?? [])]) safely(() => listener(event));
    };
    socket.onclose = () => {
      // A socket replaced by a newer one (stop, then start) must not reconnect a second time.
      if (this.socket !== socket) return;
      this.socket = null;
      this.stopPinging();
      this.reconnectLater();
    };
  }
}

/** One failing listener must not keep the others from hearing the event. */
function safely(run: () => void): void {
  try {
    run();
  } catch (error) {
    console.error(error);
  }
}

export const live = new LiveSocket();

// Back online after a long wait between attempts: connect at once.
if (typeof window !== 'undefined') window.addEventListener('online', () => live.reconnectNow());
