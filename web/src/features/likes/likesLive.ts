/**
 * Likes as they happen (issue 29.4). The server tells a member's open pages over /ws
 * when someone likes them (`like`), takes a like back (`unlike`) or likes them back
 * (`match`); the lists, the likes badge and the match celebration follow at once, on
 * whatever screen the member is. The lists are fetched again rather than patched from
 * the event: they carry what the event does not (the card, the photo, whether the
 * match was celebrated on another device), and the same load celebrates what is new.
 *
 * A page that was disconnected heard nothing meanwhile: after every (re)connect the
 * lists load again (their match_new brings the celebrations missed) and, on a
 * reconnect, the member too (credits). The chats catch up in chat/chatSync.ts.
 *
 * The member who completes a match is not told by the server (the like's answer says
 * `match`, and LikeButton or the games celebrate it); their like is stored as seen, so
 * the reload after it does not celebrate it twice.
 */
import { type LiveSocket, live } from '../../shared/realtime/socket';
import { useSession } from '../../shared/session';
import { reloadLikesAfterNews } from './likesStore';
import { forgetMatch, matchEnded } from '../../shared/members/matchStore';

export interface LikesLiveOptions {
  socket?: Pick<LiveSocket, 'on' | 'onConnect'>;
}

/** Listens while the app runs (events only come while a member is logged in). */
export function startLikesLive({ socket = live }: LikesLiveOptions = {}): () => void {
  // The member whose socket connected last: connecting again for them is a reconnect.
  let connectedFor: number | null = null;
  const member = () => useSession.getState().user?.id ?? null;
  const news = () => {
    if (member() !== null) void reloadLikesAfterNews();
  };

  const offs = [
    socket.on('like', news),
    socket.on('unlike', ({ member: id }) => {
      // A match between us is over: no "It's a match!" for it any more.
      matchEnded(id);
      news();
    }),
    socket.on('match', ({ profile }) => {
      // A new match with them, even if this page celebrated an earlier one.
      forgetMatch(profile.id);
      news();
    }),
    socket.onConnect(() => {
      const id = member();
      if (id === null) return;
      if (connectedFor === id) void useSession.getState().refresh();
      connectedFor = id;
      news();
    }),
  ];
  return () => {
    for (const off of offs) off();
  };
}
