/** The account's public module: its API calls and the server's field errors, for forms elsewhere,
 *  and the activation mail's resend button. */
export { type FieldError, accountApi, fetchUser, fieldErrorsOf } from './accountApi';
export { ResendActivation } from './ResendActivation';
// Two-step login (issue 33.2): a mail's link whose first step asks for the second.
export { secondStepOf } from './twoFactorApi';
