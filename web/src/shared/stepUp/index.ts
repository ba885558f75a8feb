/** "Confirm it's you" (issue 33.5), for every page whose call may need the step-up: the
 *  dialog, its hook, and the passkey way app/ provides to it. */
export { ConfirmItsYouDialog, StepUpCancelled, confirmPassword, needsConfirmation, useConfirmItsYou } from './ConfirmItsYou';
export { type ConfirmWithPasskey, PasskeyConfirmation, provideConfirmWithPasskey } from './passkeyWay';
