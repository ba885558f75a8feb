/**
 * The complaint form's rules, the same as the server's (domain/complaints.py), so the
 * reporter hears about a mistake before sending; the server checks again and its field
 * errors come back to the same fields with the same codes.
 */
import { ApiError, type FieldError, fieldErrorsOf } from '../../shared/api/errors';
import { emailError } from '../../shared/credentials';
import { CATEGORIES, type ComplaintCategory, type ComplaintRequest } from './complaintsApi';

export interface ComplaintFields {
  category: ComplaintCategory | '';
  text: string;
  /** Visitors only: where the answer goes. */
  email: string;
  /** Visitors only: who gives notice (issue 30.4); may stay empty when reporting a possible minor. */
  name: string;
  /** The member complained about, as typed (digits), or ''. */
  member: string;
  /** The notifier's statement that the report is accurate and complete (required). */
  goodFaith: boolean;
}

/** The fields a problem can belong to: the server's names (item_id: the photo reported). */
export type ProblemField = 'category' | 'item_id' | 'text' | 'email' | 'name' | 'member_id' | 'message_id' | 'message_ids' | 'good_faith';
export type Problems = Partial<Record<ProblemField, FieldError>>;

/** The order the fields appear in: the first one with a problem gets the focus. */
export const FIELD_ORDER: readonly ProblemField[] = ['category', 'member_id', 'item_id', 'message_id', 'message_ids', 'text', 'name', 'email', 'good_faith'];

export const EMPTY_FIELDS: ComplaintFields = { category: '', text: '', email: '', name: '', member: '', goodFaith: false };

/** The longest name the server keeps. */
export const NAME_MAX = 100;
/** Who reports a possible minor may stay unnamed (DSA Art. 16(2)(c); domain/complaints.py). */
export const ANONYMOUS_CATEGORIES: readonly ComplaintCategory[] = ['underage'];

/** The exact item the report names, from the link the reporter came by. */
export type ReportedItem = { kind: 'photo' | 'message'; id: number } | null;

/** Characters as the server counts them (code points, not UTF-16 units). */
export function textLength(text: string): number {
  return [...text].length;
}

/** A positive member or message id from a query parameter or a typed number, else null. */
export function positiveId(value: string | null | undefined): number | null {
  const trimmed = (value ?? '').trim();
  if (!/^\d{1,10}$/.test(trimmed)) return null;
  const id = Number(trimmed);
  return id >= 1 && id <= 2147483647 ? id : null;
}

/** Every problem of the form at once; an empty object when it may be sent. */
/** `min` and `max` are the server's lengths of the text (settings.limits). */
export function checkComplaint(fields: ComplaintFields, { needsEmail, min, max }: { needsEmail: boolean; min: number; max: number }): Problems {
  const problems: Problems = {};
  if (!fields.category) problems.category = { code: 'required' };
  else if (!CATEGORIES.includes(fields.category)) problems.category = { code: 'invalid_choice' };
  const length = textLength(fields.text.trim());
  if (length === 0) problems.text = { code: 'required' };
  else if (length < min) problems.text = { code: 'too_short', params: { min } };
  else if (length > max) problems.text = { code: 'too_long', params: { max } };
  if (needsEmail) {
    const email = fields.email.trim();
    if (!email) problems.email = { code: 'required' };
    else if (emailError(email)) problems.email = { code: 'invalid_email' };
    const name = fields.name.trim();
    const anonymous = fields.category !== '' && ANONYMOUS_CATEGORIES.includes(fields.category);
    if (!name && !anonymous) problems.name = { code: 'required' };
    else if (textLength(fields.name) > NAME_MAX) problems.name = { code: 'too_long', params: { max: NAME_MAX } };
  }
  if (fields.member.trim() && positiveId(fields.member) === null) problems.member_id = { code: 'invalid_member' };
  if (!fields.goodFaith) problems.good_faith = { code: 'required' };
  return problems;
}

/**
 * The request body: only the fields that are filled in. The item is the photo or message
 * the reporter came from, else the member's profile (issue 30.4); the answers are mailed in
 * `language`, the screen's.
 */
export function complaintBody(
  fields: ComplaintFields,
  { needsEmail, item, language, messageIds = [] }: { needsEmail: boolean; item: ReportedItem; language: string; messageIds?: readonly number[] },
): ComplaintRequest {
  const body: ComplaintRequest = { category: fields.category as ComplaintCategory, text: fields.text.trim(), good_faith: true, language: language as ComplaintRequest['language'] };
  if (needsEmail && fields.email.trim()) body.email = fields.email.trim();
  if (needsEmail && fields.name.trim()) body.name = fields.name.trim();
  const member = positiveId(fields.member);
  if (member !== null) body.member_id = member;
  if (item !== null) {
    body.item_kind = item.kind;
    body.item_id = item.id;
  } else if (member !== null) {
    body.item_kind = 'profile';
    body.item_id = member;
  }
  // Messages picked in the conversation the reporter came from (issue 21.4).
  if (messageIds.length > 0) body.message_ids = [...messageIds];
  return body;
}

/**
 * The problems of a refused complaint that belong to a field: the server's field errors
 * (invalid_fields) and the references it could not find. Null when the refusal is about
 * the whole form (too many requests, no connection ...).
 */
export function problemsOf(error: unknown): Problems | null {
  const fields = fieldErrorsOf(error);
  if (Object.keys(fields).length > 0) {
    const problems: Problems = {};
    for (const [field, problem] of Object.entries(fields)) {
      // The item's kind is the link's, so a problem with it is one with the item.
      const at = field === 'item_kind' ? 'item_id' : field;
      if ((FIELD_ORDER as readonly string[]).includes(at)) problems[at as ProblemField] = problem;
    }
    if (Object.keys(problems).length > 0) return problems;
  }
  if (!(error instanceof ApiError)) return null;
  if (error.code === 'member_not_found') return { member_id: { code: error.code } };
  if (error.code === 'message_not_found') return { message_id: { code: error.code } };
  if (error.code === 'photo_not_found') return { item_id: { code: error.code } };
  return null;
}
