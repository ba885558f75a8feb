/**
 * Web push (spec sections 3, 4, 7 and 9). The push state of this browser:
 * - 'unknown' before the first check;
 * - 'unsupported': the browser cannot do web push, or the site has no public push key;
 * - 'denied': the member blocked notifications for this site in the browser;
 * - 'unsubscribed' / 'subscribed': whether this browser holds a push subscription.
 *
 * The service worker (web/public/sw.js, registered with the build's version) shows the
 * pushes and tells the open pages about them; the pages then reload chats and likes at
 * once. A subscription belongs to the browser; the server binds it to whoever logs in
 * (it upserts by endpoint), so each login sends it again and a logout forgets it there.
 */
import { create } from 'zustand';
import { safeRedirect } from '../routing/guard';
import { appNavigate } from '../routing/navigate';
import { useSession } from '../session';
import { useSettings } from '../site';
import { BUILD_VERSION } from './buildVersion';
import { pushApi } from './pushApi';

export type PushState = 'unknown' | 'unsupported' | 'unsubscribed' | 'subscribed' | 'denied';

/** What the service worker posts to the pages (see web/public/sw.js). */
export type WorkerMessage = { type: 'push'; kind: string } | { type: 'navigate'; url: string };

/** Whether this browser can do web push at all: service worker, Push API and notifications. */
export function browserCanPush(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The site's public VAPID key (base64url); empty on sites without push. */
export function sitePushKey(): string {
  return useSettings.getState().settings?.push_public_key ?? '';
}

/** Whether push can be offered here: a capable browser and a site with a key. */
export function pushAvailable(): boolean {
  return browserCanPush() && sitePushKey() !== '';
}

/** A base64url string (the VAPID public key) as the bytes pushManager.subscribe wants. */
export function urlBase64ToUint8Array(base64url: string): Uint8Array<ArrayBuffer> {
  const padding = '='.repeat((4 - (base64url.length % 4)) % 4);
  const base64 = (base64url + padding).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

function sameKey(current: ArrayBuffer | null | undefined, wanted: Uint8Array): boolean {
  if (!current) return true; // The browser does not tell: assume it is ours.
  const bytes = new Uint8Array(current);
  return bytes.length === wanted.length && bytes.every((byte, i) => byte === wanted[i]);
}

/** The worker's address: a new build version makes the browser install the new worker. */
export function serviceWorkerUrl(version: string = BUILD_VERSION): string {
  return `/sw.js?v=${encodeURIComponent(version)}`;
}

let registering: Promise<ServiceWorkerRegistration | null> | null = null;

/** Registers the service worker once (null where that is not possible). */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!browserCanPush()) return Promise.resolve(null);
  registering ??= navigator.serviceWorker.register(serviceWorkerUrl()).catch(() => {
    registering = null; // try again next time
    return null;
  });
  return registering;
}

/** A registration whose worker is active: subscribing needs one. */
async function activeRegistration(): Promise<ServiceWorkerRegistration> {
  const registration = await registerServiceWorker();
  if (!registration) throw new Error('push_unavailable');
  return registration.active ? registration : navigator.serviceWorker.ready;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await registerServiceWorker();
  if (!registration) return null;
  return registration.pushManager.getSubscription().catch(() => null);
}

/** The state as the browser has it now. */
async function browserState(): Promise<PushState> {
  if (!pushAvailable()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  if (!(await registerServiceWorker())) return 'unsupported';
  const subscription = await currentSubscription();
  return subscription && Notification.permission === 'granted' ? 'subscribed' : 'unsubscribed';
}

interface PushStore {
  state: PushState;
  /** A subscribe or unsubscribe on its way. */
  busy: boolean;
  /** Looks at the browser again (permission and subscription). */
  check: () => Promise<PushState>;
  /**
   * Asks for permission, subscribes with the site's key and stores the subscription
   * on the server. Resolves the new state ('denied' or 'unsubscribed' when the member
   * did not allow notifications); rejects when subscribing or storing failed.
   */
  subscribe: () => Promise<PushState>;
  /** Ends this browser's subscription and has the server forget it. */
  unsubscribe: () => Promise<PushState>;
  /** Sends this browser's subscription again, binding it to the member now logged in. */
  rebind: () => Promise<void>;
  /** Has the server forget this browser's subscription (before logging out); it stays in the browser. */
  detach: () => Promise<void>;
}

export const usePush = create<PushStore>()((set, get) => ({
  state: 'unknown',
  busy: false,

  async check() {
    const state = await browserState().catch((): PushState => 'unsupported');
    set({ state });
    return state;
  },

  async subscribe() {
    if (!pushAvailable()) {
      set({ state: 'unsupported' });
      return 'unsupported';
    }
    set({ busy: true });
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        const state: PushState = permission === 'denied' ? 'denied' : 'unsubscribed';
        set({ state });
        return state;
      }
      const registration = await activeRegistration();
      const key = urlBase64ToUint8Array(sitePushKey());
      let subscription = await registration.pushManager.getSubscription();
      // A subscription made with an older key cannot be reused: the push service refuses it.
      if (subscription && !sameKey(subscription.options?.applicationServerKey, key)) {
        await subscription.unsubscribe();
        subscription = null;
      }
      subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
      try {
        await pushApi.store(subscription);
      } catch (error) {
        // The server does not know it: no pushes would come, so do not pretend otherwise.
        await subscription.unsubscribe().catch(() => false);
        throw error;
      }
      set({ state: 'subscribed' });
      return 'subscribed';
    } catch (error) {
      await get().check();
      throw error;
    } finally {
      set({ busy: false });
    }
  },

  async unsubscribe() {
    set({ busy: true });
    try {
      const subscription = await currentSubscription();
      if (subscription) {
        const { endpoint } = subscription;
        await subscription.unsubscribe();
        // The endpoint is dead now whatever the server answers; it drops it at the next push.
        await pushApi.forget(endpoint).catch(() => undefined);
      }
      return await get().check();
    } finally {
      set({ busy: false });
    }
  },

  async rebind() {
    if (get().state !== 'subscribed') return;
    const subscription = await currentSubscription();
    if (subscription) await pushApi.store(subscription).catch(() => undefined);
  },

  async detach() {
    if (get().state !== 'subscribed') return;
    const subscription = await currentSubscription();
    if (subscription) await pushApi.forget(subscription.endpoint).catch(() => undefined);
  },
}));

/** Push messages announce news: polling for chats and likes slows down meanwhile. */
export function isPushSubscribed(): boolean {
  return usePush.getState().state === 'subscribed';
}

/** A path on this site from the worker's URL (absolute or not); null for anything else. */
export function inAppPath(url: string): string | null {
  try {
    const target = new URL(url, location.origin);
    if (target.origin !== location.origin) return null;
    return safeRedirect(target.pathname + target.search + target.hash);
  } catch {
    return null;
  }
}

export interface StartPushOptions {
  /** A push arrived while a page is open: reload what it announces. */
  onPush: (kind: string) => void;
}

/**
 * At start-up: registers the service worker, listens to it, and on every login checks
 * the state and binds an existing subscription to the member. Returns a stop function.
 */
export function startPush({ onPush }: StartPushOptions): () => void {
  if (!browserCanPush()) return () => undefined;
  void registerServiceWorker();

  const onMessage = (event: MessageEvent) => {
    const data = event.data as Partial<WorkerMessage> | null;
    if (data?.type === 'push') {
      onPush(typeof data.kind === 'string' ? data.kind : '');
    } else if (data?.type === 'navigate' && typeof data.url === 'string') {
      // A notification was clicked while this page was open: go there without a reload.
      const path = inAppPath(data.url);
      if (path) appNavigate(path);
    }
  };
  navigator.serviceWorker.addEventListener('message', onMessage);

  // The member the subscription was last sent for; the check needs the site's key too.
  let bound: number | null = null;
  const follow = () => {
    const userId = useSession.getState().user?.id ?? null;
    if (userId === null) {
      bound = null;
      return;
    }
    if (userId === bound || !useSettings.getState().settings) return;
    bound = userId;
    void usePush
      .getState()
      .check()
      .then(() => usePush.getState().rebind());
  };
  const offSession = useSession.subscribe(follow);
  const offSettings = useSettings.subscribe(follow);
  follow();

  return () => {
    navigator.serviceWorker.removeEventListener('message', onMessage);
    offSession();
    offSettings();
  };
}

/** For tests: forget the registration made so far. */
export function resetPushForTests(): void {
  registering = null;
  usePush.setState({ state: 'unknown', busy: false });
}
