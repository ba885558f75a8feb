/**
 * The account screens' passkeys (issue 35.5): the login page and the settings name the
 * places (features/account/slots.ts), the passkeys fill them. Loaded with those screens
 * (routes.tsx); the settings' step-up changes get the passkey way too (stepUpSlots.ts).
 */
import './stepUpSlots';
import { PasskeyLoginSlot, PasskeysSectionSlot } from '../../features/account/slots';
import { PasskeyLogin, PasskeysSection } from '../../features/passkeys';

PasskeyLoginSlot.fill(PasskeyLogin);
PasskeysSectionSlot.fill(PasskeysSection);
