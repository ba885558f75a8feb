/**
 * The browser's side of the passkey ceremonies (@simplewebauthn/browser), with what can go
 * wrong there turned into error codes the catalogs translate (common:errors.<code>): the
 * member closing the browser's dialog is no error page, just a line saying so.
 */
import {
  WebAuthnAbortService,
  WebAuthnError,
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  startRegistration,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { ApiError } from '../../shared/api/errors';

/** Status 0: the browser said no, not the server. */
const refusal = (code: string) => new ApiError(0, code);

/**
 * A failed ceremony as an ApiError: passkey_cancelled (the dialog was closed, timed out or
 * found no passkey), passkey_on_this_device (adding one where there is one already),
 * passkeys_unavailable (this address cannot use passkeys), passkey_device_failed.
 */
export function ceremonyError(error: unknown): unknown {
  if (error instanceof ApiError) return error;
  const name = error instanceof Error ? error.name : '';
  const code = error instanceof WebAuthnError ? error.code : '';
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError') {
    return refusal('passkey_on_this_device');
  }
  if (code === 'ERROR_INVALID_DOMAIN' || code === 'ERROR_INVALID_RP_ID' || name === 'SecurityError') {
    return refusal('passkeys_unavailable');
  }
  if (code === 'ERROR_CEREMONY_ABORTED' || name === 'NotAllowedError' || name === 'AbortError') {
    return refusal('passkey_cancelled');
  }
  return refusal('passkey_device_failed');
}

/** Whether this browser can use passkeys at all (else the buttons are not offered). */
export function passkeysSupported(): boolean {
  return browserSupportsWebAuthn();
}

export async function createPasskey(optionsJSON: PublicKeyCredentialCreationOptionsJSON): Promise<RegistrationResponseJSON> {
  try {
    return await startRegistration({ optionsJSON });
  } catch (error) {
    throw ceremonyError(error);
  }
}

export async function assertPasskey(optionsJSON: PublicKeyCredentialRequestOptionsJSON): Promise<AuthenticationResponseJSON> {
  try {
    return await startAuthentication({ optionsJSON });
  } catch (error) {
    throw ceremonyError(error);
  }
}

/**
 * The passkeys the browser offers in the e-mail field's suggestions (conditional UI), when
 * it can: resolves with the one the member picked, or null when the browser cannot or the
 * offer was withdrawn (another ceremony began, the page was left).
 */
export async function offerInAutofill(
  options: () => Promise<PublicKeyCredentialRequestOptionsJSON>,
): Promise<AuthenticationResponseJSON | null> {
  if (!(await browserSupportsWebAuthnAutofill())) return null;
  const optionsJSON = await options();
  try {
    return await startAuthentication({ optionsJSON, useBrowserAutofill: true });
  } catch (error) {
    const failed = ceremonyError(error);
    if (failed instanceof ApiError && failed.code === 'passkey_cancelled') return null;
    throw failed;
  }
}

/** Withdraws the autofill offer (the page is left). */
export function withdrawAutofill(): void {
  WebAuthnAbortService.cancelCeremony();
}
