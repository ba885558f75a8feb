/**
 * The scam shield in the chat (issue 31.2): what the server's screening found in a
 * message, grouped the way the member is told about it, and the found parts of the text
 * cut out for highlighting.
 *
 * A flagged message that its sender has not confirmed comes back as 409 message_flagged
 * with the text as screened, the reasons and the spans (UTF-16 code units into that
 * text, which is how JavaScript indexes strings).
 */
import { ApiError } from '../../shared/api/errors';
import { CONTACT_REASONS, MONEY_REASONS, textPieces, type TextPiece } from '../../shared/shield';

export { CONTACT_REASONS, MONEY_REASONS };
export const REASONS = [...CONTACT_REASONS, ...MONEY_REASONS, 'mass_opener'] as const;
export type Reason = (typeof REASONS)[number];

/** How the member is told: off-site contact, money, or the same opener to many members. */
export type ReasonGroup = 'contact' | 'money' | 'mass';
const GROUP_ORDER: readonly ReasonGroup[] = ['money', 'contact', 'mass'];

export function isReason(value: unknown): value is Reason {
  return typeof value === 'string' && (REASONS as readonly string[]).includes(value);
}

export function groupOf(reason: Reason): ReasonGroup {
  if ((CONTACT_REASONS as readonly string[]).includes(reason)) return 'contact';
  if ((MONEY_REASONS as readonly string[]).includes(reason)) return 'money';
  return 'mass';
}

/** The groups of `reasons` (unknown reasons left out), the weightiest first: money, contact, mass. */
export function groupsOf(reasons: readonly string[] | null | undefined): ReasonGroup[] {
  const found = new Set((reasons ?? []).filter(isReason).map(groupOf));
  return GROUP_ORDER.filter((group) => found.has(group));
}

/** The known reasons of one group, in the order the server gave them, without doubles. */
export function reasonsIn(group: ReasonGroup, reasons: readonly string[]): Reason[] {
  return [...new Set(reasons.filter(isReason).filter((reason) => groupOf(reason) === group))];
}

export interface Span {
  start: number;
  end: number;
  reason: string;
}

export interface FlaggedText {
  /** The text as the server screened it (the spans point into it). */
  text: string;
  reasons: string[];
  spans: Span[];
}

/** The nudge's content from a refused send, or null when the refusal is something else. */
export function flaggedOf(error: unknown): FlaggedText | null {
  if (!(error instanceof ApiError) || error.code !== 'message_flagged') return null;
  const { text, reasons, spans } = error.params;
  return {
    text: typeof text === 'string' ? text : '',
    reasons: Array.isArray(reasons) ? reasons.filter((reason): reason is string => typeof reason === 'string') : [],
    spans: Array.isArray(spans) ? spans.filter(isSpan) : [],
  };
}

function isSpan(value: unknown): value is Span {
  if (typeof value !== 'object' || value === null) return false;
  const { start, end, reason } = value as Record<string, unknown>;
  return Number.isInteger(start) && Number.isInteger(end) && typeof reason === 'string';
}

export type Piece = TextPiece;

/** The text in pieces for highlighting (the profile's nudge cuts it the same way). */
export function pieces(text: string, spans: readonly Span[]): Piece[] {
  return textPieces(text, spans);
}
