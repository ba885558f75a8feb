/**
 * What the signup wizard shows of another feature (issue 35.5): the scam shield's nudge on
 * the name, the profile editor's dialog, filled by app/slots/signupSlots.tsx. The props are
 * what the wizard hands over.
 */
import type { FlaggedProfileText } from '../../shared/shield';
import { slot } from '../../shared/ui/slot';

export interface NameNudgeProps {
  /** The flagged name (the server's 409 profile_text_flagged); null while closed. */
  texts: FlaggedProfileText[] | null;
  /** Back to the name step. */
  onEdit: () => void;
  /** The same form again, confirmed. */
  onSaveAnyway: () => void;
  /** Once the dialog is gone (either way). */
  onClosed: () => void;
}

/** The nudge on the name (issue 31.2): edit it, or sign up with it anyway. */
export const NameNudgeSlot = slot<NameNudgeProps>('NameNudgeSlot');
