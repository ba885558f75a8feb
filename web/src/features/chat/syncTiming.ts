/**
 * When the chats reload (spec section 9): 5 s after login, then every 60 s, every 300 s
 * once push messages announce news. On its own, so the chat's public module (index.ts,
 * which the navigation and the page title load with the first page) does not bring the
 * sync, the socket and the chat API along.
 */
export const SYNC_DELAY_MS = 5_000;
export const SYNC_INTERVAL_MS = 60_000;
export const PUSH_SYNC_INTERVAL_MS = 300_000;

/** How often to reload: push messages announce news, so polling can slow down. */
export function syncInterval(pushSubscribed: boolean): number {
  return pushSubscribed ? PUSH_SYNC_INTERVAL_MS : SYNC_INTERVAL_MS;
}
