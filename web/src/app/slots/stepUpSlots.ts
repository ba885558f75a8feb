/**
 * "Confirm it's you" with a passkey (issue 35.5): the dialog is shared vocabulary
 * (shared/stepUp), the passkeys feature confirms where this browser has passkeys. Loaded
 * with the screens whose changes need the step-up (routes.tsx: settings, direct debit).
 */
import { confirmWithPasskey, passkeysSupported } from '../../features/passkeys';
import { provideConfirmWithPasskey } from '../../shared/stepUp';

provideConfirmWithPasskey(() => (passkeysSupported() ? confirmWithPasskey : null));
