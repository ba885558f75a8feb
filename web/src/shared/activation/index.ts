/** The activation mail again (issue 35.5): the resend button of the signup's complete step and
 *  the activation screens, and the call with its outcome in words, for the reminder and the chat. */
export { ResendActivation } from './ResendActivation';
export { resendActivation } from './resendActivation';
