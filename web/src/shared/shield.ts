/**
 * The scam shield's findings as the web app shows them (issue 31.2), for profile texts:
 * the reasons grouped the way members are told (contact details or a link / money), and a
 * text cut into pieces with the found parts marked.
 *
 * A flagged name or about text that its member has not confirmed comes back as 409
 * profile_text_flagged with the field, the text as screened, the reasons and the spans
 * (UTF-16 code units into that text, which is how JavaScript indexes strings); `also`
 * holds the same for another flagged text of the same save.
 *
 * The chat has its own copy of the reason lists and the cutting (features/chat/shield.ts,
 * with the mass-opener group that profiles do not have); the two could become one here.
 */
import { ApiError } from './api/errors';

export const CONTACT_REASONS = ['phone', 'email', 'messenger', 'link'] as const;
export const MONEY_REASONS = ['money_request', 'gift_card', 'transfer_service', 'iban', 'crypto_wallet', 'investment', 'emergency'] as const;
export const SHIELD_REASONS = [...CONTACT_REASONS, ...MONEY_REASONS] as const;
export type ShieldReason = (typeof SHIELD_REASONS)[number];

/** How the member is told: off-site contact or money. */
export type ShieldGroup = 'contact' | 'money';
const GROUP_ORDER: readonly ShieldGroup[] = ['money', 'contact'];

export function isShieldReason(value: unknown): value is ShieldReason {
  return typeof value === 'string' && (SHIELD_REASONS as readonly string[]).includes(value);
}

function groupOf(reason: ShieldReason): ShieldGroup {
  return (CONTACT_REASONS as readonly string[]).includes(reason) ? 'contact' : 'money';
}

/** The groups of `reasons` (unknown reasons left out), the weightier first: money, contact. */
export function shieldGroups(reasons: readonly string[] | null | undefined): ShieldGroup[] {
  const found = new Set((reasons ?? []).filter(isShieldReason).map(groupOf));
  return GROUP_ORDER.filter((group) => found.has(group));
}

/** The known reasons of one group, in the order given, without doubles. */
export function reasonsInGroup(group: ShieldGroup, reasons: readonly string[]): ShieldReason[] {
  return [...new Set(reasons.filter(isShieldReason).filter((reason) => groupOf(reason) === group))];
}

export interface ShieldSpan {
  start: number;
  end: number;
  reason: string;
}

export type FlaggedField = 'name' | 'about';

export interface FlaggedProfileText {
  field: FlaggedField;
  /** The text as the server screened it (the spans point into it). */
  text: string;
  reasons: string[];
  spans: ShieldSpan[];
}

function isSpan(value: unknown): value is ShieldSpan {
  if (typeof value !== 'object' || value === null) return false;
  const { start, end, reason } = value as Record<string, unknown>;
  return Number.isInteger(start) && Number.isInteger(end) && typeof reason === 'string';
}

function flaggedText(value: unknown): FlaggedProfileText | null {
  if (typeof value !== 'object' || value === null) return null;
  const { field, text, reasons, spans } = value as Record<string, unknown>;
  if (field !== 'name' && field !== 'about') return null;
  return {
    field,
    text: typeof text === 'string' ? text : '',
    reasons: Array.isArray(reasons) ? reasons.filter((reason): reason is string => typeof reason === 'string') : [],
    spans: Array.isArray(spans) ? spans.filter(isSpan) : [],
  };
}

/** The flagged texts of a refused profile save or signup (the named one first), or null when the refusal is something else. */
export function flaggedProfileTexts(error: unknown): FlaggedProfileText[] | null {
  if (!(error instanceof ApiError) || error.code !== 'profile_text_flagged') return null;
  const first = flaggedText(error.params);
  const also = Array.isArray(error.params.also) ? error.params.also.map(flaggedText) : [];
  const texts = [first, ...also].filter((text): text is FlaggedProfileText => text !== null);
  return texts.length > 0 ? texts : null;
}

export type TextPiece = { text: string; reason: string | null };

/**
 * The text in pieces, each found part with its reason and the rest between them. Spans
 * are kept inside the text; overlapping ones merge into the first (its reason). The
 * pieces join to the whole text again.
 */
export function textPieces(text: string, spans: readonly ShieldSpan[]): TextPiece[] {
  const inside = spans
    .map((span) => ({ start: Math.max(0, Math.min(span.start, text.length)), end: Math.max(0, Math.min(span.end, text.length)), reason: span.reason }))
    .filter((span) => span.end > span.start)
    .sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: ShieldSpan[] = [];
  for (const span of inside) {
    const last = merged.at(-1);
    if (last && span.start < last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  const result: TextPiece[] = [];
  let at = 0;
  for (const span of merged) {
    if (span.start > at) result.push({ text: text.slice(at, span.start), reason: null });
    result.push({ text: text.slice(span.start, span.end), reason: span.reason });
    at = span.end;
  }
  if (at < text.length) result.push({ text: text.slice(at), reason: null });
  return result;
}
