/**
 * The account-deletion flow of the settings screen: 1 the reason, 2 alternatives
 * (invisible mode instead, and a credits discount when the site sells credits),
 * 3 confirm with the password. A pure state machine, so the rules are testable.
 */
export const DELETE_REASONS = [
  'found_partner',
  'not_enough_members',
  'too_expensive',
  'too_many_messages',
  'privacy',
  'taking_break',
  'other',
] as const;
export type DeleteReason = (typeof DELETE_REASONS)[number];

export type DeletionStep = 'closed' | 'reasons' | 'offers' | 'confirm';

export interface DeletionState {
  step: DeletionStep;
  reason: DeleteReason | null;
  /** Free text for 'other' (or any reason): sent along, at most 400 characters. */
  details: string;
}

export const OTHER_DETAILS_MAX = 400;

export type DeletionAction =
  | { type: 'start' }
  | { type: 'reason'; reason: DeleteReason }
  | { type: 'details'; details: string }
  | { type: 'next' }
  | { type: 'back' }
  | { type: 'cancel' };

export const initialDeletion: DeletionState = { step: 'closed', reason: null, details: '' };

/** Whether the current step may be left forwards. */
export function canContinue(state: DeletionState): boolean {
  if (state.step === 'reasons') {
    if (!state.reason) return false;
    return state.reason !== 'other' || state.details.trim().length > 0;
  }
  return state.step === 'offers';
}

const ORDER: DeletionStep[] = ['closed', 'reasons', 'offers', 'confirm'];

export function deletionReducer(state: DeletionState, action: DeletionAction): DeletionState {
  switch (action.type) {
    case 'start':
      return { ...initialDeletion, step: 'reasons' };
    case 'reason':
      return { ...state, reason: action.reason };
    case 'details':
      return { ...state, details: action.details.slice(0, OTHER_DETAILS_MAX) };
    case 'next':
      if (!canContinue(state)) return state;
      return { ...state, step: ORDER[ORDER.indexOf(state.step) + 1] ?? state.step };
    case 'back':
      if (state.step === 'reasons') return initialDeletion;
      return { ...state, step: ORDER[Math.max(1, ORDER.indexOf(state.step) - 1)]! };
    case 'cancel':
      return initialDeletion;
  }
}

/**
 * Where to suggest going after the deletion: the partner site (spec section 2), but never
 * to a member who leaves because they found someone (issue 29.7): they get our
 * congratulations instead of another dating site.
 */
export function partnerSuggestionFor(reason: DeleteReason | null | undefined, partnerUrl: string): string | null {
  return reason === 'found_partner' || !partnerUrl ? null : partnerUrl;
}

/** What the flow hands the /account-deleted screen in the history state. */
export interface DeletedState {
  deleted: true;
  reason: DeleteReason | null;
}

/** The reason as stored on the account (max 500 characters): the key, then any text. */
export function reasonText(state: Pick<DeletionState, 'reason' | 'details'>): string {
  if (!state.reason) return '';
  const details = state.details.trim();
  return (details ? `${state.reason}: ${details}` : state.reason).slice(0, 500);
}

export interface Offers {
  /** Take a break with invisible mode instead (not when already invisible). */
  invisible: boolean;
  /** The delete discount, in percent, when the credits screen exists; else null. */
  discount: number | null;
}

export function offersFor({
  invisible,
  creditsRouteExists,
  deleteDiscount,
}: {
  invisible: boolean;
  creditsRouteExists: boolean;
  deleteDiscount: number | null | undefined;
}): Offers {
  return {
    invisible: !invisible,
    discount: creditsRouteExists && deleteDiscount && deleteDiscount > 0 ? deleteDiscount : null,
  };
}
