/** The account's public module: its API calls, for forms elsewhere (the activation mail's
 *  resend button is shared vocabulary: shared/activation). */
export { accountApi } from './accountApi';
