/** The account's public module: its API calls, for forms elsewhere (the activation mail's
 *  resend button is shared vocabulary: shared/activation). */
export { accountApi } from './accountApi';
// "Confirm it's you" (issue 33.5), for every page whose call may need the step-up.
export {
  type ConfirmWithPasskey,
  ConfirmItsYouDialog,
  PasskeyConfirmation,
  StepUpCancelled,
  needsConfirmation,
  useConfirmItsYou,
} from './ConfirmItsYou';
