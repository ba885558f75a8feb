/**
 * The account fields' rules of the server (domain/accounts.py) that several screens check
 * early (signup, login, password reset, settings, complaints): same codes, so same texts.
 * The server checks again.
 */
import type { Settings } from './api/types';
import type { FieldError } from './ui/form';

export type PasswordLimits = Pick<Settings['limits'], 'password_min' | 'password_max'>;

// A new address, as the server takes it (domain/accounts.py and email-validator, issue
// 28.6): ASCII; before the one @ RFC 5322's letters, digits and !#$%&'*+/=?^_`{|}~- in
// parts joined by single dots (at most 64); after it host name labels, the last ending in
// a letter. No quotes, display names, [IP] literals, spaces or control characters. The
// server has the last word (IDNA, reserved names such as .test or .local): its refusal
// carries the same code, so the same text.
const ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const EMAIL = new RegExp(`^(?=[^@]{1,64}@)${ATOM}(?:\\.${ATOM})*@(?:${LABEL}\\.)+${LABEL}$`);
// Addresses stored before that rule were only this: login and reset look those up.
const STORED = new RegExp(`^[^@\\s]{1,64}@${LABEL}(?:\\.${LABEL})+$`);

/** A new address: signup, a change of address. */
export function emailError(email: string): FieldError | null {
  const address = email.trim();
  if (address.length > 254 || !EMAIL.test(address) || !/[A-Za-z]$/.test(address)) return { code: 'invalid_email' };
  return null;
}

/** An address to look up (login, reset): a member's older address may predate the rule. */
export function storedEmailError(email: string): FieldError | null {
  if (email.length > 254 || !STORED.test(email.trim())) return { code: 'invalid_email' };
  return null;
}

// Shorter names ("Jo") are refused only as the whole password, as on the server.
const PERSONAL_MIN = 3;

/**
 * Length, blank and the member's own e-mail or name (where known); whether a password is
 * too easy to guess only the server knows (zxcvbn there).
 */
export function passwordError(password: string, limits: PasswordLimits, personal: string[] = []): FieldError | null {
  const length = [...password].length;
  if (length < limits.password_min) return { code: 'password_too_short', params: { min: limits.password_min } };
  if (length > limits.password_max) return { code: 'password_too_long', params: { max: limits.password_max } };
  if (!password.trim()) return { code: 'password_blank' };
  const lowered = password.toLowerCase();
  for (const word of personal.map((text) => text.trim().toLowerCase())) {
    if (word && (word === lowered.trim() || ([...word].length >= PERSONAL_MIN && lowered.includes(word)))) {
      return { code: 'password_personal' };
    }
  }
  return null;
}
