/** Features that fill the layouts' slots (see slots.tsx). Imported once at start-up. */
import { startChatSync } from '../features/chat/chatSync';
import { startRefresher } from '../features/likes/likesRefresher';
import { LikesSlot } from '../features/likes/LikesSlot';
import { TimeBonusSlot } from '../features/shop/TimeBonusSlot';
import { SignupSlot } from '../features/signup/SignupSlot';
import { layoutSlots } from './slots';

layoutSlots.signupModal = SignupSlot;
// The like modal and the match celebration.
layoutSlots.likeModal = LikesSlot;
// The time bonus: its countdown loads at login, its modal 40 s into the members area.
layoutSlots.timeBonusModal = TimeBonusSlot;

// User and likes refresh while logged in (5 s after load, then every 60 s).
startRefresher();
startChatSync(); // live connection and the conversation list while logged in
