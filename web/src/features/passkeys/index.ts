/** Passkeys' public module (issue 33.1): the settings section, the login page's button,
 *  and the step-up with a passkey for the "confirm it's you" dialog. */
export { passkeysSupported } from './ceremonies';
export { confirmWithPasskey } from './confirmWithPasskey';
export { PasskeyLogin } from './PasskeyLogin';
export { PasskeysSection } from './PasskeysSection';
