/**
 * A browser with web push, for tests: service worker container, push manager,
 * subscriptions and the Notification permission, all in memory.
 */
import { vi } from 'vitest';

/** A VAPID public key as the settings carry it: 65 bytes, base64url. */
export const TEST_PUSH_KEY = 'BAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJygpKissLS4vMDEyMzQ1Njc4OTo7PD0-P0A';
/** Its bytes: 4, then 1 to 64. */
export const TEST_PUSH_KEY_BYTES = [4, ...Array.from({ length: 64 }, (_, i) => i + 1)];

export class FakeSubscription {
  readonly unsubscribe = vi.fn(async () => {
    this.manager.current = null;
    return true;
  });

  constructor(
    private readonly manager: FakePushManager,
    readonly endpoint: string,
    readonly options: { applicationServerKey: ArrayBuffer | null; userVisibleOnly: boolean },
  ) {}

  toJSON() {
    return { endpoint: this.endpoint, expirationTime: null, keys: { p256dh: 'BKey', auth: 'secret' } };
  }
}

export class FakePushManager {
  current: FakeSubscription | null = null;
  private count = 0;
  readonly getSubscription = vi.fn(async () => this.current);
  readonly subscribe = vi.fn(async (options: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }) => {
    this.count += 1;
    const key = options.applicationServerKey;
    this.current = new FakeSubscription(this, `https://push.example.test/send/${this.count}`, {
      userVisibleOnly: options.userVisibleOnly,
      applicationServerKey: key.buffer.slice(key.byteOffset, key.byteOffset + key.byteLength) as ArrayBuffer,
    });
    return this.current;
  });
}

export interface FakePushBrowser {
  pushManager: FakePushManager;
  serviceWorker: {
    register: ReturnType<typeof vi.fn>;
    ready: Promise<unknown>;
    addEventListener: (type: string, listener: (event: MessageEvent) => void) => void;
    removeEventListener: (type: string, listener: (event: MessageEvent) => void) => void;
  };
  /** The worker posts a message to the page. */
  post: (data: unknown) => void;
  /** What the browser answers to requestPermission; the permission itself is `permission`. */
  notification: { permission: NotificationPermission; answer: NotificationPermission; requestPermission: ReturnType<typeof vi.fn> };
  uninstall: () => void;
}

/** Installs the fake on the jsdom window; `uninstall` (or vi.unstubAllGlobals + uninstall) removes it. */
export function installFakePush({ permission = 'default' as NotificationPermission } = {}): FakePushBrowser {
  const pushManager = new FakePushManager();
  const registration = { active: {}, pushManager };
  const listeners = new Set<(event: MessageEvent) => void>();
  const notification = {
    permission,
    answer: 'granted' as NotificationPermission,
    requestPermission: vi.fn(async () => {
      notification.permission = notification.answer;
      return notification.answer;
    }),
  };
  const serviceWorker = {
    register: vi.fn(async (_url: string) => registration),
    ready: Promise.resolve(registration),
    addEventListener: (_type: string, listener: (event: MessageEvent) => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: (event: MessageEvent) => void) => listeners.delete(listener),
  };
  Object.defineProperty(navigator, 'serviceWorker', { value: serviceWorker, configurable: true });
  vi.stubGlobal('PushManager', FakePushManager);
  vi.stubGlobal('Notification', notification);
  return {
    pushManager,
    serviceWorker,
    notification,
    post: (data) => {
      for (const listener of listeners) listener(new MessageEvent('message', { data }));
    },
    uninstall: () => {
      delete (navigator as { serviceWorker?: unknown }).serviceWorker;
      vi.unstubAllGlobals();
    },
  };
}
