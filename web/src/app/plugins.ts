/** Features that fill the layouts' slots (see slots.tsx). Imported once at start-up. */
import { reloadChats } from '../features/chat/chatList';
import { startChatSync, syncInterval } from '../features/chat/chatSync';
import { refreshInterval, startRefresher } from '../features/likes/likesRefresher';
import { reloadLikes } from '../features/likes/likesStore';
import { LikesSlot } from '../features/likes/LikesSlot';
import { isPushSubscribed, startPush } from '../features/push/pushStore';
import { PushStepSlot } from '../features/push/PushStepSlot';
import { useSession } from '../features/session/sessionStore';
import { TimeBonusSlot } from '../features/shop/TimeBonusSlot';
import { signupSteps } from '../features/signup/signupSteps';
import { SignupSlot } from '../features/signup/SignupSlot';
import { layoutSlots } from './slots';

layoutSlots.signupModal = SignupSlot;
// The like modal and the match celebration.
layoutSlots.likeModal = LikesSlot;
// The time bonus: its countdown loads at login, its modal 40 s into the members area.
layoutSlots.timeBonusModal = TimeBonusSlot;
// After signup: ask to allow notifications (where the browser and the site can push).
signupSteps.pushPermission = PushStepSlot;

// User and likes refresh while logged in (5 s after load, then every 60 s; every 300 s
// while push messages announce the news).
startRefresher({ interval: () => refreshInterval(isPushSubscribed()) });
// Live connection and the conversation list while logged in, on the same rhythm.
startChatSync({ interval: () => syncInterval(isPushSubscribed()) });
// The push service worker; a push arriving while a page is open reloads chats and likes.
startPush({
  onPush: () => {
    if (!useSession.getState().user) return;
    void reloadChats();
    void reloadLikes();
  },
});
