/**
 * The account fields' rules of the server (domain/accounts.py) that several screens check
 * early (signup, login, password reset, settings, complaints): same codes, so same texts.
 * The server checks again.
 */
import type { Settings } from './api/types';
import type { FieldError } from './ui/form';

export type PasswordLimits = Pick<Settings['limits'], 'password_min' | 'password_max'>;

// Same shape as the server: one @, a dotted domain of valid labels, no spaces.
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const EMAIL = new RegExp(`^[^@\\s]{1,64}@${LABEL}(?:\\.${LABEL})+$`);

export function emailError(email: string): FieldError | null {
  if (email.length > 254 || !EMAIL.test(email.trim())) return { code: 'invalid_email' };
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
