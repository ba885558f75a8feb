import { describe, expect, it } from 'vitest';
import { emptySignupForm, type SignupForm } from './signupForm';
import {
  ageOn,
  birthDateError,
  emailError,
  firstInvalidStep,
  nameError,
  parseDate,
  passwordError,
  stepOfErrors,
  validateStep,
} from './validation';

const form = (overrides: Partial<SignupForm> = {}): SignupForm => ({
  ...emptySignupForm,
  gender: 'male',
  seeking: 'female',
  name: 'Sam',
  date_of_birth: '1990-05-01',
  country: 'NL',
  email: 'sam@example.com',
  password: 'a good password',
  ...overrides,
});
/** The server's lengths (settings.limits). */
const LIMITS = { name_min: 2, name_max: 30, password_min: 10, password_max: 128 };
const context = { today: new Date(2026, 5, 15), minAge: 18, limits: LIMITS, termsAccepted: true };

describe('e-mail rule', () => {
  it.each(['sam@example.com', 'a.b+c@mail.example.co.uk', ' sam@example.com '])('accepts %s', (email) => {
    expect(emailError(email)).toBeNull();
  });
  it.each(['', 'sam', 'sam@', '@example.com', 'sam@example', 'sam@@example.com', 'sa m@example.com', 'sam@-bad.com', `${'x'.repeat(250)}@example.com`])(
    'refuses %j with invalid_email',
    (email) => {
      expect(emailError(email)).toEqual({ code: 'invalid_email' });
    },
  );
});

describe('profile name rule', () => {
  it('must not start with an @', () => {
    expect(nameError('@sam', 'sam@example.com', LIMITS)).toEqual({ code: 'name_starts_with_at' });
    expect(nameError('  @sam', 'sam@example.com', LIMITS)).toEqual({ code: 'name_starts_with_at' });
  });
  it('must differ from the e-mail address, whatever the case', () => {
    expect(nameError('Sam@Example.com', 'sam@example.com', LIMITS)).toEqual({ code: 'name_equals_email' });
    expect(nameError('sam', 'sam@example.com', LIMITS)).toBeNull();
  });
  it('is 2 to 30 characters', () => {
    expect(nameError('S', 'x@example.com', LIMITS)).toEqual({ code: 'name_length', params: { min: 2, max: 30 } });
    expect(nameError('S'.repeat(31), 'x@example.com', LIMITS)?.code).toBe('name_length');
    expect(nameError('Zoë', 'x@example.com', LIMITS)).toBeNull();
    // The lengths are the server's: another site setting would say another.
    expect(nameError('Samantha', 'x@example.com', { name_min: 2, name_max: 5 })).toEqual({ code: 'name_length', params: { min: 2, max: 5 } });
  });
});

describe('date of birth rule', () => {
  const required = { code: 'birth_date_required', params: { min_age: 18 } };

  it('is required, with the minimum age', () => {
    expect(birthDateError('', new Date(2026, 0, 1), 18)).toEqual(required);
    expect(birthDateError('', new Date(2026, 0, 1), 21)).toEqual({ code: 'birth_date_required', params: { min_age: 21 } });
  });

  it('must be a real date, not in the future, not before 1900', () => {
    const today = new Date(2026, 5, 15);
    for (const raw of ['1990-02-30', '1990-13-01', '1990-1-1', 'yesterday', '2027-01-01', '1899-12-31', '2023-02-29']) {
      expect(birthDateError(raw, today, 18)).toEqual({ code: 'invalid_birth_date' });
    }
  });

  it('checks the minimum age to the day', () => {
    const today = new Date(2026, 5, 15);
    expect(birthDateError('2008-06-15', today, 18)).toBeNull(); // 18 today
    expect(birthDateError('2008-06-16', today, 18)).toEqual(required); // 18 tomorrow
    expect(birthDateError('2005-06-16', today, 21)).toEqual({ code: 'birth_date_required', params: { min_age: 21 } });
  });

  it('takes the minimum age from the server alone (settings.min_age, never under 18 there)', () => {
    expect(birthDateError('2004-06-16', new Date(2026, 5, 15), 22)?.code).toBe('birth_date_required');
    expect(birthDateError('2004-06-15', new Date(2026, 5, 15), 22)).toBeNull();
  });

  it('lets someone born on 29 February age on 1 March', () => {
    expect(parseDate('2008-02-29')).toEqual({ year: 2008, month: 2, day: 29 });
    // 2026 is no leap year: the 18th birthday counts from 1 March.
    expect(ageOn({ year: 2008, month: 2, day: 29 }, new Date(2026, 1, 28))).toBe(17);
    expect(ageOn({ year: 2008, month: 2, day: 29 }, new Date(2026, 2, 1))).toBe(18);
    expect(birthDateError('2008-02-29', new Date(2026, 1, 28), 18)?.code).toBe('birth_date_required');
    expect(birthDateError('2008-02-29', new Date(2026, 2, 1), 18)).toBeNull();
    // In a leap year the birthday itself counts.
    expect(birthDateError('2010-02-29', new Date(2028, 1, 29), 18)).toEqual({ code: 'invalid_birth_date' });
    expect(birthDateError('2012-02-29', new Date(2030, 1, 28), 18)?.code).toBe('birth_date_required');
    expect(birthDateError('2012-02-29', new Date(2030, 2, 1), 18)).toBeNull();
  });
});

describe('password rule', () => {
  it('needs 10 to 128 characters', () => {
    expect(passwordError('123456789', LIMITS)).toEqual({ code: 'password_too_short', params: { min: 10 } });
    expect(passwordError('1234567890', LIMITS)).toBeNull();
    expect(passwordError('x'.repeat(129), LIMITS)).toEqual({ code: 'password_too_long', params: { max: 128 } });
  });

  it('refuses a blank password and one holding the e-mail or a name of 3+ letters', () => {
    expect(passwordError(' '.repeat(12), LIMITS)).toEqual({ code: 'password_blank' });
    const personal = ['sam@example.com', 'Sam'];
    expect(passwordError('SAM@example.com', LIMITS, personal)).toEqual({ code: 'password_personal' });
    expect(passwordError('I am Sam, really', LIMITS, personal)).toEqual({ code: 'password_personal' });
    expect(passwordError('enjoy the rain', LIMITS, ['jo@example.com', 'Jo'])).toBeNull();
    expect(passwordError('enjoy the rain', LIMITS, personal)).toBeNull();
  });
});

describe('signup steps', () => {
  it('checks each step with its own fields', () => {
    expect(validateStep(0, form({ gender: '', seeking: '' }), context)).toEqual({
      gender: { code: 'choose_gender' },
      seeking: { code: 'choose_seeking' },
    });
    expect(validateStep(1, form({ name: '@x' }), context)).toEqual({ name: { code: 'name_starts_with_at' } });
    expect(validateStep(2, form({ date_of_birth: '' }), context).date_of_birth?.code).toBe('birth_date_required');
    // The place: a country is asked, never guessed (issue 19.2); region and city may stay open.
    expect(validateStep(3, form({ country: '' }), context)).toEqual({ country: { code: 'invalid_country' } });
    expect(validateStep(3, form({ city: 'x'.repeat(101) }), context)).toEqual({ city: { code: 'text_too_long', params: { max: 100 } } });
    expect(validateStep(3, form({ region: '', city: '' }), context)).toEqual({});
    expect(validateStep(4, form({ email: 'nope' }), context)).toEqual({ email: { code: 'invalid_email' } });
    expect(validateStep(5, form({ password: 'short' }), { ...context, termsAccepted: false })).toEqual({
      password: { code: 'password_too_short', params: { min: 10 } },
      terms: { code: 'terms_required' },
    });
    expect(validateStep(5, form(), context)).toEqual({});
    expect(validateStep(5, form({ password: 'sam@example.com!' }), context)).toEqual({ password: { code: 'password_personal' } });
  });

  it('finds a name equal to the e-mail once the e-mail is typed, and sends the member back to the name', () => {
    const sameAsEmail = form({ name: 'sam@example.com', email: 'sam@example.com' });
    const errors = validateStep(4, sameAsEmail, context);
    expect(errors).toEqual({ name: { code: 'name_equals_email' } });
    expect(stepOfErrors(errors)).toBe(1);
  });

  it('maps server field errors back to their step', () => {
    expect(stepOfErrors({ password: { code: 'password_too_common' } })).toBe(5);
    expect(stepOfErrors({ email: { code: 'invalid_email' }, password: { code: 'x' } })).toBe(4);
    expect(stepOfErrors({ region: { code: 'invalid_region' }, email: { code: 'x' } })).toBe(3);
    expect(stepOfErrors({ date_of_birth: { code: 'invalid_birth_date' }, email: { code: 'x' } })).toBe(2);
    expect(stepOfErrors({})).toBeNull();
  });

  it('knows the first step that still needs work', () => {
    expect(firstInvalidStep(form(), context)).toBeNull();
    expect(firstInvalidStep(form({ name: '' }), context)).toBe(1);
    expect(firstInvalidStep({ ...emptySignupForm }, context)).toBe(0);
  });
});
