/**
 * The read-receipt offer for free members ("Seen? Read receipts are for premium members",
 * issue 29.7): once, where it helps, not under every conversation. It shows under the
 * member's own last message in the first conversation where they wait for a reply, stays
 * with that conversation, and is gone everywhere once dismissed. Kept in localStorage,
 * per member.
 */
import { useCallback, useEffect, useState } from 'react';

export const RECEIPTS_OFFER_KEY = 'amora.receiptsOffer';
const DISMISSED = 'dismissed';

function keyOf(member: number): string {
  return `${RECEIPTS_OFFER_KEY}.${member}`;
}

function read(member: number): string | null {
  try {
    return localStorage.getItem(keyOf(member));
  } catch {
    return DISMISSED; // no storage: better never than on every screen
  }
}

function write(member: number, value: string): void {
  try {
    localStorage.setItem(keyOf(member), value);
  } catch {
    // Private mode or full: the offer simply does not come back on this device.
  }
}

/** Whether the offer belongs in this conversation, given what is stored (null: nothing yet). */
export function offerHere(stored: string | null, conversation: number | null, applies: boolean): boolean {
  if (!applies || conversation === null || stored === DISMISSED) return false;
  return stored === null || stored === String(conversation);
}

/**
 * `applies`: a free member, receipts not hidden by quiet mode, and their last message sent.
 * The first conversation that shows the offer keeps it; `dismiss` ends it for good.
 */
export function useReceiptsOffer(member: number | null, conversation: number | null, applies: boolean): { show: boolean; dismiss: () => void } {
  // What is stored, read again whenever the member or the conversation changes (so a
  // conversation opened after another one claimed the offer sees that claim).
  const [seen, setSeen] = useState(() => ({ member, conversation, stored: member === null ? DISMISSED : read(member) }));
  if (seen.member !== member || seen.conversation !== conversation) {
    setSeen({ member, conversation, stored: member === null ? DISMISSED : read(member) });
  }
  const show = member !== null && offerHere(seen.stored, conversation, applies);
  useEffect(() => {
    // The first conversation that shows it keeps it.
    if (show && member !== null && seen.stored === null && conversation !== null) write(member, String(conversation));
  }, [show, member, seen.stored, conversation]);
  const dismiss = useCallback(() => {
    if (member === null) return;
    write(member, DISMISSED);
    setSeen({ member, conversation, stored: DISMISSED });
  }, [member, conversation]);
  return { show, dismiss };
}
