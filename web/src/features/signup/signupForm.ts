/**
 * The signup form as kept in localStorage between steps (and page loads), and cleared
 * after a successful signup.
 *
 * Security: the password is NEVER stored. localStorage is readable by any script on
 * the page and survives the session, so only the harmless fields below are written;
 * the password lives in component state only and is typed again after a reload.
 */
export type Gender = 'male' | 'female';

export interface SignupForm {
  gender: Gender | '';
  seeking: Gender | '';
  name: string;
  /** YYYY-MM-DD, or '' while incomplete. */
  date_of_birth: string;
  /** Where the member lives, as they said it (issue 19.2): ISO codes and a city name. */
  country: string;
  region: string;
  city: string;
  email: string;
  password: string;
}

/** The fields that may be stored: everything but the password. */
export type StoredSignupForm = Omit<SignupForm, 'password'>;

export const SIGNUP_FORM_KEY = 'amora.signupForm';
const STORED_FIELDS = ['email', 'name', 'date_of_birth', 'gender', 'seeking', 'country', 'region', 'city'] as const satisfies readonly (keyof StoredSignupForm)[];

export const emptySignupForm: SignupForm = {
  gender: '',
  seeking: '',
  name: '',
  date_of_birth: '',
  country: '',
  region: '',
  city: '',
  email: '',
  password: '',
};

/** Whom the site's niche says a signup starts from (settings.signup_gender and signup_seeking). */
export interface SignupDefaults {
  signup_gender: Gender | null;
  signup_seeking: Gender | null;
}

/**
 * The visitor's own choice, else the site's niche (issue 29.7): the site for gay men starts
 * as "a man looking for men", never "a woman looking for women"; other sites leave it open.
 */
export function withSiteDefaults(form: SignupForm, site: SignupDefaults): SignupForm {
  return { ...form, gender: form.gender || site.signup_gender || '', seeking: form.seeking || site.signup_seeking || '' };
}

/** Picks the storable fields, so a password can never slip into storage. */
export function storableSignupForm(form: Partial<SignupForm>): StoredSignupForm {
  const stored = {} as Record<(typeof STORED_FIELDS)[number], string>;
  for (const field of STORED_FIELDS) stored[field] = typeof form[field] === 'string' ? form[field] : '';
  return stored as StoredSignupForm;
}

export function saveSignupForm(form: Partial<SignupForm>): void {
  try {
    localStorage.setItem(SIGNUP_FORM_KEY, JSON.stringify(storableSignupForm(form)));
  } catch {
    // Private mode without storage: the form lasts for this page only.
  }
}

export function loadSignupForm(): SignupForm {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(SIGNUP_FORM_KEY) ?? 'null');
    if (!parsed || typeof parsed !== 'object') return { ...emptySignupForm };
    const stored = storableSignupForm(parsed as Partial<SignupForm>);
    const gender = (value: string): Gender | '' => (value === 'male' || value === 'female' ? value : '');
    return { ...emptySignupForm, ...stored, gender: gender(stored.gender), seeking: gender(stored.seeking) };
  } catch {
    return { ...emptySignupForm };
  }
}

export function clearSignupForm(): void {
  try {
    localStorage.removeItem(SIGNUP_FORM_KEY);
  } catch {
    // Nothing stored then.
  }
}
