/**
 * What the conversation shows of other features (issue 35.5): the gift button beside the
 * message field, filled by app/slots/chatSlots.tsx.
 */
import type { Answer } from '../../shared/api/types';
import { slot } from '../../shared/ui/slot';

/** A sent gift: its message, the balance it left and the next message's terms. */
export type GiftSent = Answer<'sendGift', 201>;

/** The round gift button beside the message field; `onSent` puts the gift into the list. */
export const ComposerGiftSlot = slot<{ member: { id: number; name: string }; onSent: (sent: GiftSent) => void }>('ComposerGiftSlot');
