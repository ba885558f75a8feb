/**
 * Features that fill the layouts' slots (see slots.tsx). Imported once at start-up.
 * What only a logged-in member uses (the like and time-bonus modals, the periodic refresh,
 * the live connection) is in memberPlugins.ts, loaded once a member is logged in: a
 * visitor's first page does not download it (issue 17).
 */
import { PushStepSlot } from '../features/push/PushStepSlot';
import { useSession } from '../shared/session/sessionStore';
import { signupSteps } from '../features/signup/signupSteps';
import { signupModalSlot } from '../features/signup/SignupSlot';
import { firstScreen } from '../shared/firstScreen';
import { fillSlot } from './slots';

// The signup modal, with the profile's nudge on a flagged name (app/slots/signupSlots.tsx).
fillSlot('signupModal', signupModalSlot(() => import('./slots/signupSlots')));
// After signup: ask to allow notifications (where the browser and the site can push).
signupSteps.pushPermission = PushStepSlot;

type MemberPlugins = typeof import('./memberPlugins');
let memberPlugins: Promise<MemberPlugins> | null = null;

/** Loads (once) and starts what a logged-in member needs; the server preloads its code
 * for a request with a session (adapters/http/web_app.py). */
export function loadMemberPlugins(): Promise<MemberPlugins> {
  memberPlugins ??= import('./memberPlugins').then(
    (module) => {
      module.startMemberPlugins();
      return module;
    },
    (error: unknown) => {
      memberPlugins = null; // the next login tries again (a failed chunk reloads the page)
      throw error;
    },
  );
  return memberPlugins;
}

// A member who opens a page: after its first screen is painted (firstScreen.ts); one who
// logs in later: at once (the first screen has long been shown).
const whenMember = () => {
  if (!useSession.getState().user) return;
  void firstScreen.then(() => {
    if (useSession.getState().user) loadMemberPlugins().catch(() => undefined);
  });
};
whenMember();
useSession.subscribe(whenMember);

// The push service worker; a push arriving while a page is open reloads chats and likes.
// Registered once the first screen is painted: its code is no part of the first page.
void firstScreen
  .then(() => import('../shared/push/pushStore'))
  .then(({ startPush }) =>
    startPush({
      onPush: () => {
        if (!useSession.getState().user) return;
        void loadMemberPlugins().then((module) => module.reloadNews());
      },
    }),
  );
