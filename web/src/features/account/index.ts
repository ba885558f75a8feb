/** The account's public module: its API calls and the server's field errors, for forms elsewhere,
 *  and the activation mail's resend button. */
export { accountApi } from './accountApi';
export { ResendActivation } from './ResendActivation';
// "Confirm it's you" (issue 33.5), for every page whose call may need the step-up.
export {
  type ConfirmWithPasskey,
  ConfirmItsYouDialog,
  PasskeyConfirmation,
  StepUpCancelled,
  needsConfirmation,
  useConfirmItsYou,
} from './ConfirmItsYou';
