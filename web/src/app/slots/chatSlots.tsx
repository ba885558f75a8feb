/**
 * The conversation's gift button (issue 35.5): the chat names the place beside the message
 * field (features/chat/slots.ts), the gifts fill it. Loaded with the conversation (routes.tsx).
 */
import { ComposerGiftSlot, type GiftSent } from '../../features/chat/slots';
import { GiftButton } from '../../features/gifts';

function ComposerGift({ member, onSent }: { member: { id: number; name: string }; onSent: (sent: GiftSent) => void }) {
  return <GiftButton member={member} variant="icon" onSent={onSent} />;
}

ComposerGiftSlot.fill(ComposerGift);
