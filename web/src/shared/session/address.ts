import { type AddressContext, addressContextOf } from '../i18n/address';
import { useSession } from './sessionStore';

/** The logged-in member's i18next context for texts that address them (shared/i18n/address.ts). */
export function useAddressContext(): AddressContext | undefined {
  return useSession((s) => addressContextOf(s.user?.profile.gender));
}
