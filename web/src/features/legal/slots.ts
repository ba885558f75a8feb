/**
 * What the ban page shows of another feature (issue 35.5): the ban's decision, looked up
 * with the appeal form's address and password; filled by app/slots/legalSlots.tsx.
 */
import { slot } from '../../shared/ui/slot';

/** `credentials`: the form's address and password, or null when it showed what is missing. */
export const BanReasonsSlot = slot<{ credentials: () => { email: string; password: string } | null }>('BanReasonsSlot');
