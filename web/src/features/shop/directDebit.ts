/**
 * The direct-debit form's helpers (issue 7; spec section 5): the IBAN as people read it,
 * a first check of it in the browser (the server checks again), the SMS code's resend
 * countdown and the field checks before sending. The lengths and the resend wait are the
 * server's (settings.limits, the answer of sending a code).
 */
import { useCallback, useEffect, useState } from 'react';
import { ApiError, fieldErrorsOf } from '../../shared/api/errors';
import type { Stop } from './DirectDebitParts';

/** The longest IBAN (34 characters) in groups of four. */
export const IBAN_INPUT_MAX = 34 + 8;

/** Letters and digits only, upper-case: "nl91 abna-0417" → "NL91ABNA0417". */
export function compactIban(value: string): string {
  return value.replace(/[^0-9a-z]/gi, '').toUpperCase();
}

/** In groups of four as printed on cards and statements: "NL91 ABNA 0417 1643 00". */
export function formatIban(value: string): string {
  return compactIban(value).replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * Where the caret goes after formatting: behind the same number of letters and digits as
 * before it in what was typed (so typing or deleting in the middle keeps its place).
 */
export function caretAfterFormat(typed: string, caret: number, formatted: string): number {
  const before = compactIban(typed.slice(0, caret)).length;
  if (before === 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i += 1) {
    if (formatted[i] !== ' ') seen += 1;
    if (seen === before) return i + 1;
  }
  return formatted.length;
}

/** The ISO 13616 check: country, check digits, and the whole number mod 97 is 1. */
export function ibanChecks(value: string): boolean {
  const iban = compactIban(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const char of moved) {
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest === 1;
}

/** Digits only, at most the code's length (a pasted "123 456" becomes "123456"). */
export function cleanSmsCode(value: string, length: number): string {
  return value.replace(/\D/g, '').slice(0, length);
}

export interface MandateFields {
  account_holder: string;
  iban: string;
  street: string;
  house_number: string;
  postcode: string;
  city: string;
  phone: string;
  sms_code: string;
  consent: boolean;
  /** The order's tick (issue 34.1), as at the checkout. */
  delivery_consent: boolean;
}

export type MandateField = keyof MandateFields;

/** A field's problem: the server's codes (required, too_long, invalid_iban, ...). */
export interface FieldProblem {
  code: string;
  params?: Record<string, unknown>;
}

const TEXT_FIELDS = ['account_holder', 'iban', 'street', 'house_number', 'postcode', 'city', 'phone'] as const;

/**
 * What the browser can tell before sending: empty or too long fields (`fieldMax`), an
 * IBAN that fails its check, no code (or not of the code's length), no consent to the
 * mandate and no tick for the order.
 * `codeLength` is the length of the code sent for this number, null when none was asked.
 */
export function checkMandate(fields: MandateFields, codeLength: number | null, fieldMax: number): Partial<Record<MandateField, FieldProblem>> {
  const problems: Partial<Record<MandateField, FieldProblem>> = {};
  for (const name of TEXT_FIELDS) {
    const value = name === 'iban' ? compactIban(fields.iban) : fields[name].trim();
    if (!value) problems[name] = { code: 'required' };
    else if (value.length > fieldMax) problems[name] = { code: 'too_long', params: { max: fieldMax } };
  }
  if (!problems.iban && !ibanChecks(fields.iban)) problems.iban = { code: 'invalid_iban' };
  if (codeLength === null) {
    if (!problems.phone) problems.phone = { code: 'code_first' };
  } else if (fields.sms_code.length !== codeLength) {
    problems.sms_code = { code: fields.sms_code ? 'code_length' : 'required', params: { length: codeLength } };
  }
  if (!fields.consent) problems.consent = { code: 'consent_required' };
  if (!fields.delivery_consent) problems.delivery_consent = { code: 'delivery_consent_required' };
  return problems;
}

/**
 * A countdown in whole seconds, ticking every second (0 when over): `start(seconds)` (re)starts
 * it. Started from the event that sets it, so its first value needs no effect.
 */
export function useCountdown(): [number, (seconds: number) => void] {
  const [run, setRun] = useState<{ until: number; left: number } | null>(null);
  const start = useCallback((seconds: number) => setRun({ until: Date.now() + seconds * 1000, left: Math.max(0, Math.ceil(seconds)) }), []);
  const until = run?.until ?? null;
  useEffect(() => {
    if (until === null) return;
    const timer = setInterval(() => {
      const left = Math.max(0, Math.ceil((until - Date.now()) / 1000));
      setRun({ until, left });
      if (left === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return [run?.left ?? 0, start];
}

/**
 * What a refusal of sending the code ('phone') or of signing ('submit') means: direct
 * debit cannot be used (a stop), problems of fields, or null for an error about the whole
 * form. A refused code request is about the phone number unless it says otherwise.
 */
export function refusalOf(failure: unknown, at: 'phone' | 'submit'): { stop: Stop } | Partial<Record<MandateField, FieldProblem>> | null {
  if (!(failure instanceof ApiError)) return null;
  switch (failure.code) {
    case 'directdebit_blocked':
      return { stop: { kind: 'blocked' } };
    case 'directdebit_limit_reached':
      return { stop: { kind: 'limit', limit: failure.params.limit ?? '' } };
    case 'invalid_fields': {
      const found = fieldErrorsOf(failure);
      if (Object.keys(found).length > 0) return found as Partial<Record<MandateField, FieldProblem>>;
      break;
    }
    case 'too_many_sms':
      return { phone: { code: failure.code, params: failure.params } };
    case 'sms_code_invalid':
    case 'sms_code_expired':
      return { sms_code: { code: failure.code } };
  }
  return at === 'phone' ? { phone: { code: failure.code, params: failure.params } } : null;
}
