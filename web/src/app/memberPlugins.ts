/**
 * What runs and shows only while a member is logged in; loaded by plugins.ts once one is.
 * Each part follows the session itself (it stops on logout and starts again at the next
 * login), so it is started once, whenever it arrives.
 */
import { reloadChats } from '../features/chat/chatList';
import { startChatSync, syncInterval } from '../features/chat/chatSync';
import { refreshInterval, startRefresher } from '../features/likes/likesRefresher';
import { startLikesLive } from '../features/likes/likesLive';
import { reloadLikes } from '../features/likes/likesStore';
import { LikesSlot } from '../features/likes/LikesSlot';
import { MatchSlot } from '../features/likes/MatchSlot';
import { isPushSubscribed } from '../shared/push/pushStore';
import { TimeBonusSlot } from '../features/shop/TimeBonusSlot';
import { fillSlot } from './slots';

let started = false;

export function startMemberPlugins(): void {
  if (started) return;
  started = true;
  // The like modal, and the match celebration over any screen.
  fillSlot('likeModal', LikesSlot);
  fillSlot('matchModal', MatchSlot);
  // The time bonus: its countdown loads at login, its modal 40 s into the members area.
  fillSlot('timeBonusModal', TimeBonusSlot);
  // User and likes refresh while logged in (5 s after load, then every 60 s; every 300 s
  // while push messages announce the news).
  startRefresher({ interval: () => refreshInterval(isPushSubscribed()) });
  // Live connection and the conversation list while logged in, on the same rhythm.
  startChatSync({ interval: () => syncInterval(isPushSubscribed()) });
  // Likes, their badge and matches as they happen, and caught up after a reconnect.
  startLikesLive();
}

/** A push message arrived while a page is open: the chats and likes it may announce. */
export function reloadNews(): void {
  void reloadChats();
  void reloadLikes();
}
