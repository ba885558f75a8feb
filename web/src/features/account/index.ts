/** The account's public module: its API calls and the server's field errors, for forms elsewhere. */
export { type FieldError, accountApi, fetchUser, fieldErrorsOf } from './accountApi';
