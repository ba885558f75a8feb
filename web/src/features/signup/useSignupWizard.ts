/**
 * The signup wizard's state (spec section 2): the form, kept for a return (never the
 * password: see signupForm.ts), the step, the terms and marketing ticks, moving between
 * the steps and sending (useSignupSubmit).
 */
import { type FormEvent, useMemo, useState } from 'react';
import { useSiteSettings } from '../../shared/site';
import { useForm } from '../../shared/ui/form';
import { type SignupForm, loadSignupForm, saveSignupForm, withSiteDefaults } from './signupForm';
import { useSignupSubmit } from './useSignupSubmit';
import { EMAIL_STEP, LAST_STEP, type SignupStep, type StepContext, firstInvalidStep, stepOfErrors, validateStep } from './validation';

/** The fields in the order the steps ask for them: a refused step focuses its first problem. */
const FIELD_ORDER = ['gender', 'seeking', 'name', 'date_of_birth', 'country', 'region', 'city', 'email', 'password', 'terms'];
export const focusTarget = (field: string) =>
  document.getElementById(`signup-${field}`) ?? document.querySelector<HTMLElement>(`.signup-wizard [name="${field}"]`);

export function useSignupWizard(onDone: () => void | Promise<void>) {
  const settings = useSiteSettings();
  const wizard = useForm<SignupForm, string>({ initial: () => withSiteDefaults(loadSignupForm(), settings), order: FIELD_ORDER, idPrefix: 'signup', focusTarget });
  const form = wizard.values;
  const [termsAccepted, setTermsAccepted] = useState(false);
  // Marketing mail only when the visitor ticks it (issue 29.7): never ticked for them.
  const [marketing, setMarketing] = useState(false);
  const context: StepContext = useMemo(
    () => ({ today: new Date(), minAge: settings.min_age, limits: settings.limits, termsAccepted }),
    [settings.min_age, settings.limits, termsAccepted],
  );
  // Coming back to a half-filled form: continue where it stopped (never past the e-mail).
  const [step, setStep] = useState<SignupStep>(() => firstInvalidStep(loadSignupForm(), context, EMAIL_STEP) ?? LAST_STEP);
  const sending = useSignupSubmit({ wizard, context, marketing, setStep, onDone });

  /** Changes fields, keeps the form for a return (never the password: see signupForm.ts). */
  const change = (changes: Partial<SignupForm>, cleared: readonly string[]) => {
    const next = { ...form, ...changes };
    wizard.setValues(next);
    saveSignupForm(next);
    for (const field of cleared) wizard.clear(field);
  };
  const update = (field: keyof SignupForm, value: string) => {
    change({ [field]: value }, [field]);
    wizard.setError(null);
    sending.setRefusal(null);
  };

  const goTo = (target: SignupStep) => {
    setStep(target);
    wizard.setError(null);
  };

  const next = (event: FormEvent) => {
    event.preventDefault();
    const found = validateStep(step, form, context);
    wizard.show(found);
    if (Object.keys(found).length > 0) {
      const back = stepOfErrors(found);
      if (back !== null && back < step) setStep(back);
      return;
    }
    if (step < LAST_STEP) {
      goTo((step + 1) as SignupStep);
      return;
    }
    void sending.submit();
  };

  const acceptTerms = (checked: boolean) => {
    setTermsAccepted(checked);
    wizard.clear('terms');
  };

  return { wizard, form, step, setStep, goTo, next, change, update, termsAccepted, acceptTerms, marketing, setMarketing, ...sending };
}
