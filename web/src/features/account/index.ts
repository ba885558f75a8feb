/** The account's public module: its API calls and the server's field errors, for forms elsewhere,
 *  and the activation mail's resend button. */
export { type FieldError, accountApi, fetchUser, fieldErrorsOf } from './accountApi';
export { ResendActivation } from './ResendActivation';
