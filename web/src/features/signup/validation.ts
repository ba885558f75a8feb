/**
 * The signup rules of the server (domain/accounts.py), checked before each step so the
 * member hears about a mistake at once, with the same codes and so the same texts.
 * The server checks again; its field errors are mapped back to their step.
 */
import type { Settings } from '../../shared/api/types';
import type { FieldError } from '../../shared/ui/form';
import { type PasswordLimits, emailError, passwordError } from '../../shared/credentials';
import type { SignupForm } from './signupForm';

export { emailError, passwordError };

/** The server's lengths (settings.limits): the checks here only tell the member early. */
export type NameLimits = Pick<Settings['limits'], 'name_min' | 'name_max'>;
export type { PasswordLimits };

export type { FieldError };
export type FieldErrors = Partial<Record<string, FieldError>>;


export function nameError(name: string, email: string, limits: NameLimits): FieldError | null {
  const stripped = name.trim();
  if (stripped.startsWith('@')) return { code: 'name_starts_with_at' };
  if (stripped.toLowerCase() === email.trim().toLowerCase()) return { code: 'name_equals_email' };
  // Count characters as the server does (code points, not UTF-16 units).
  const length = [...stripped].length;
  if (length < limits.name_min || length > limits.name_max) return { code: 'name_length', params: { min: limits.name_min, max: limits.name_max } };
  return null;
}

/** A real calendar date from YYYY-MM-DD, or null (31 April, 29 February 2023 ...). */
export function parseDate(raw: string): { year: number; month: number; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** Completed years on `today`; someone born on 29 February ages on 1 March. */
export function ageOn(born: { year: number; month: number; day: number }, today: Date): number {
  const [month, day] = [today.getMonth() + 1, today.getDate()];
  let years = today.getFullYear() - born.year;
  if (month < born.month || (month === born.month && day < born.day)) years -= 1;
  return years;
}

export function birthDateError(raw: string, today: Date, minAge: number): FieldError | null {
  const required = { code: 'birth_date_required', params: { min_age: minAge } };
  if (!raw) return required;
  const born = parseDate(raw);
  const todayKey = today.getFullYear() * 10_000 + (today.getMonth() + 1) * 100 + today.getDate();
  if (!born || born.year < 1900 || born.year * 10_000 + born.month * 100 + born.day > todayKey) {
    return { code: 'invalid_birth_date' };
  }
  // minAge is the server's settings.min_age: the site's, never below the legal 18.
  if (ageOn(born, today) < minAge) return required;
  return null;
}

/** The server's longest city name (domain/profile_rules.py CITY_MAX). */
export const CITY_MAX = 100;

/** The signup steps: 0 who, 1 name, 2 birth date, 3 place, 4 e-mail, 5 password and terms. */
export const SIGNUP_STEPS = [0, 1, 2, 3, 4, 5] as const;
export type SignupStep = (typeof SIGNUP_STEPS)[number];
export const LAST_STEP: SignupStep = 5;
/** The step that asks the e-mail: a half-filled form resumes no later than this. */
export const EMAIL_STEP: SignupStep = 4;

/** The step on which each form field (and server field) is asked. */
export const FIELD_STEP: Record<string, SignupStep> = {
  gender: 0,
  seeking: 0,
  name: 1,
  date_of_birth: 2,
  country: 3,
  region: 3,
  city: 3,
  email: 4,
  password: 5,
  terms: 5,
};

export interface StepContext {
  today: Date;
  minAge: number;
  limits: NameLimits & PasswordLimits;
  termsAccepted: boolean;
}

/** The errors of one step (empty when the member may go on). */
export function validateStep(step: SignupStep, form: SignupForm, context: StepContext): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, error: FieldError | null) => {
    if (error) errors[field] = error;
  };
  switch (step) {
    case 0:
      if (!form.gender) errors.gender = { code: 'choose_gender' };
      if (!form.seeking) errors.seeking = { code: 'choose_seeking' };
      break;
    case 1:
      // The e-mail comes later; compare with it once known (the server does too).
      add('name', nameError(form.name, form.email, context.limits));
      break;
    case 2:
      add('date_of_birth', birthDateError(form.date_of_birth, context.today, context.minAge));
      break;
    case 3:
      // The country is asked, never guessed (issue 19.2); region and city may stay open.
      if (!form.country) errors.country = { code: 'invalid_country' };
      if ([...form.city.trim()].length > CITY_MAX) errors.city = { code: 'text_too_long', params: { max: CITY_MAX } };
      break;
    case 4:
      add('email', emailError(form.email));
      // A name equal to the e-mail is wrong on the name step; say so here too.
      if (!errors.email) add('name', nameError(form.name, form.email, context.limits));
      break;
    case 5:
      add('password', passwordError(form.password, context.limits, [form.email, form.name]));
      if (!context.termsAccepted) errors.terms = { code: 'terms_required' };
      break;
  }
  return errors;
}

/** The first step (up to `upTo`) that still has errors, or null when all are fine. */
export function firstInvalidStep(form: SignupForm, context: StepContext, upTo: SignupStep = LAST_STEP): SignupStep | null {
  for (const step of SIGNUP_STEPS) {
    if (step > upTo) break;
    if (Object.keys(validateStep(step, form, context)).length > 0) return step;
  }
  return null;
}

/** The earliest step of a set of (server) field errors. */
export function stepOfErrors(errors: FieldErrors): SignupStep | null {
  const steps = Object.keys(errors).map((field) => FIELD_STEP[field] ?? LAST_STEP);
  return steps.length ? (Math.min(...steps) as SignupStep) : null;
}
