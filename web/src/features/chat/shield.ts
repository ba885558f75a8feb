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

export const CONTACT_REASONS = ['phone', 'email', 'messenger', 'link'] as const;
export const MONEY_REASONS = ['money_request', 'gift_card', 'transfer_service', 'iban', 'crypto_wallet', 'investment', 'emergency'] as const;
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

export type Piece = { text: string; reason: null } | { text: string; reason: string };

/**
 * The text in pieces, each found part with its reason and the rest between them. Spans
 * are kept inside the text; overlapping ones merge into the first (its reason). The
 * pieces join to the whole text again.
 */
export function pieces(text: string, spans: readonly Span[]): Piece[] {
  const inside = spans
    .map((span) => ({ start: Math.max(0, Math.min(span.start, text.length)), end: Math.max(0, Math.min(span.end, text.length)), reason: span.reason }))
    .filter((span) => span.end > span.start)
    .sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: Span[] = [];
  for (const span of inside) {
    const last = merged.at(-1);
    if (last && span.start < last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  const result: Piece[] = [];
  let at = 0;
  for (const span of merged) {
    if (span.start > at) result.push({ text: text.slice(at, span.start), reason: null });
    result.push({ text: text.slice(span.start, span.end), reason: span.reason });
    at = span.end;
  }
  if (at < text.length) result.push({ text: text.slice(at), reason: null });
  return result;
}
