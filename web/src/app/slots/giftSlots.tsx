/**
 * "Send a gift" on a member's profile (features/discovery/slots.ts ProfileGiftSlot), loaded
 * with the profile screens only (routes.tsx): the gift button brings react-bootstrap's Modal
 * and its helpers (some 14 KB) that the search (/members) does not show (issue 36.5).
 */
import { ProfileGiftSlot } from '../../features/discovery/slots';
import { GiftButton } from '../../features/gifts';

ProfileGiftSlot.fill(GiftButton);
