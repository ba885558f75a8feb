import { assertPasskey } from './ceremonies';
import { passkeysApi } from './passkeysApi';

/**
 * "Confirm it's you" with a passkey (the step-up, issue 33.5): one of the member's passkeys
 * used in this session counts as the password typed again, for 10 minutes (POST
 * /api/passkeys/confirm). Rejects with an ApiError: no_passkeys (the member has none: ask
 * for the password), passkey_cancelled (the browser's dialog was closed), passkey_failed,
 * passkey_expired, passkey_not_recognised; each translated by common:errors.<code>.
 */
export async function confirmWithPasskey(): Promise<void> {
  const options = await passkeysApi.confirmOptions();
  await passkeysApi.confirm(await assertPasskey(options));
}
