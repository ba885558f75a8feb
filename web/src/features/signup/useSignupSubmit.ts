/**
 * Sending the signup (spec section 2): the whole form is checked once more, then POST
 * /api/signup. The server's refusals go where they belong: a field's back to its step, an
 * existing or deleted account to its own alert, a flagged name to the scam shield's nudge
 * (issue 31.2), anything else above the buttons.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, fieldErrorsOf } from '../../shared/api/errors';
import type { SignupRequest } from '../../shared/api/types';
import { type FlaggedProfileText, flaggedProfileTexts } from '../../shared/shield';
import { useSession } from '../../shared/session';
import { useSiteSettings } from '../../shared/site';
import { trafficForSignup } from '../../shared/signup/traffic';
import type { useForm } from '../../shared/ui/form';
import type { Refusal } from './SignupParts';
import { type SignupForm, clearSignupForm } from './signupForm';
import { signupApi } from './signupApi';
import { LAST_STEP, type SignupStep, type StepContext, firstInvalidStep, stepOfErrors, validateStep } from './validation';

/** The wizard's form (useForm), as useSignupWizard made it. */
export type WizardForm = ReturnType<typeof useForm<SignupForm, string>>;

/** What POST /api/signup gets: the texts trimmed, choices left empty left out. */
function signupBody(form: SignupForm, language: string, marketing: boolean, confirmed: boolean): SignupRequest {
  return {
    email: form.email.trim(),
    name: form.name.trim(),
    date_of_birth: form.date_of_birth,
    password: form.password,
    gender: form.gender || undefined,
    seeking: form.seeking || undefined,
    country: form.country || undefined,
    region: form.region || undefined,
    city: form.city.trim() || undefined,
    language,
    traffic: trafficForSignup(),
    marketing,
    ...(confirmed ? { confirmed } : {}),
  };
}

interface SubmitOptions {
  wizard: WizardForm;
  context: StepContext;
  marketing: boolean;
  setStep: (step: SignupStep) => void;
  /** After the account was made (the session user is set); the form stays busy until it settles. */
  onDone: () => void | Promise<void>;
}

export function useSignupSubmit({ wizard, context, marketing, setStep, onDone }: SubmitOptions) {
  const { i18n } = useTranslation('account');
  const settings = useSiteSettings();
  const setUser = useSession((s) => s.setUser);
  const [refusal, setRefusal] = useState<Refusal>(null);
  // The scam shield's nudge on the name (issue 31.2): edit it, or sign up with it anyway.
  const [nudge, setNudge] = useState<FlaggedProfileText[] | null>(null);
  const form = wizard.values;

  const refused = (error: unknown) => {
    const fields = fieldErrorsOf(error);
    const code = error instanceof ApiError ? error.code : '';
    const flagged = flaggedProfileTexts(error);
    if (flagged) {
      setNudge(flagged);
    } else if (Object.keys(fields).length > 0) {
      wizard.show(fields);
      setStep(stepOfErrors(fields) ?? LAST_STEP);
    } else if (code === 'account_exists') {
      setRefusal({ code });
    } else if (code === 'account_deleted_reactivatable') {
      const supportEmail = String((error as ApiError).params.support_email ?? settings.support_email);
      setRefusal({ code, supportEmail });
    } else {
      wizard.setError(error);
    }
  };

  /** `confirmed`: the member signs up with a flagged name anyway. */
  const submit = async (confirmed = false) => {
    const invalid = firstInvalidStep(form, context);
    if (invalid !== null) {
      wizard.show(validateStep(invalid, form, context));
      setStep(invalid);
      return;
    }
    wizard.setError(null);
    setRefusal(null);
    await wizard.run(async () => {
      try {
        const user = await signupApi.signUp(signupBody(form, i18n.language, marketing, confirmed));
        clearSignupForm();
        setUser(user);
        await onDone();
      } catch (error) {
        refused(error);
      }
    });
  };

  return { submit, refusal, setRefusal, nudge, setNudge };
}
