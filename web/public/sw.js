/*
 * Amora's service worker: web push only (no caching, no fetch handler).
 * Registered by the app as /sw.js?v=<build version> (features/push/pushStore.ts), so a
 * new build installs a new worker, which takes over at once.
 *
 * A push carries JSON: {title, body, url, tag, kind: 'message'|'gift'|'like'|'match',
 * badge?: number, icon?: string}.
 */

const ICON = '/favicon.svg';

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** The push's data; a push without readable JSON still shows something. */
function readPush(event) {
  try {
    const data = event.data ? event.data.json() : null;
    if (data && typeof data === 'object') return data;
  } catch {
    // not JSON: fall through
  }
  return { title: self.location.hostname, body: event.data ? event.data.text() : '', url: '/' };
}

/** The open windows of this site. */
function windowClients() {
  return self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((list) =>
    list.filter((client) => new URL(client.url).origin === self.location.origin),
  );
}

/** Only addresses on this site; anything else opens the home page. */
function sameOriginUrl(url) {
  try {
    const target = new URL(url || '/', self.location.origin);
    return target.origin === self.location.origin ? target.href : self.location.origin + '/';
  } catch {
    return self.location.origin + '/';
  }
}

self.addEventListener('push', (event) => {
  const data = readPush(event);
  const shown = self.registration.showNotification(data.title || self.location.hostname, {
    body: data.body || '',
    tag: data.tag || undefined,
    icon: data.icon || ICON,
    badge: ICON,
    data: { url: data.url || '/' },
    // A new push with the same tag (the same conversation) alerts again; browsers
    // refuse renotify without a tag.
    renotify: Boolean(data.tag),
  });
  const badge =
    typeof data.badge === 'number' && self.navigator && typeof self.navigator.setAppBadge === 'function'
      ? self.navigator.setAppBadge(data.badge).catch(() => undefined)
      : Promise.resolve();
  // Open pages reload their chats and likes at once (features/push/pushStore.ts).
  const told = windowClients().then((list) => {
    for (const client of list) client.postMessage({ type: 'push', kind: data.kind || '' });
  });
  event.waitUntil(Promise.all([shown, badge, told]));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = sameOriginUrl(event.notification.data && event.notification.data.url);
  event.waitUntil(
    windowClients().then((list) => {
      // Prefer the window the member looked at last.
      const client = list.find((c) => c.focused) || list.find((c) => c.visibilityState === 'visible') || list[0];
      if (!client) return self.clients.openWindow(url);
      return client.focus().then(
        (focused) => {
          const target = focused || client;
          // The app navigates itself (no reload): every page of ours runs it and listens.
          target.postMessage({ type: 'navigate', url });
          return target;
        },
        () => self.clients.openWindow(url),
      );
    }),
  );
});

// The push service renewed the subscription: store the new one for the logged-in member.
self.addEventListener('pushsubscriptionchange', (event) => {
  const renewed = event.newSubscription
    ? Promise.resolve(event.newSubscription)
    : event.oldSubscription
      ? self.registration.pushManager.subscribe(event.oldSubscription.options)
      : Promise.resolve(null);
  event.waitUntil(
    renewed
      .then((subscription) =>
        subscription &&
        fetch('/api/user?push=1', {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify({ subscription: subscription.toJSON() }),
        }),
      )
      .catch(() => undefined),
  );
});
