/**
 * What the account's screens show of another feature (issue 35.5): the passkeys (issue 33.1),
 * filled by app/slots/accountSlots.tsx. Not filled, the login page and the settings show
 * nothing of them.
 */
import type { User } from '../../shared/api/types';
import { slot } from '../../shared/ui/slot';

/** The login page's "Sign in with a passkey"; `onLoggedIn` with the member it signed in. */
export const PasskeyLoginSlot = slot<{ onLoggedIn: (user: User) => void }>('PasskeyLoginSlot');

/** The settings' passkeys section (its own step-up, list, add and remove). */
export const PasskeysSectionSlot = slot<object>('PasskeysSectionSlot');
