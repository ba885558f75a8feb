import '../../shared/ui/account.scss';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { ApiError, fieldErrorsOf } from '../../shared/api/errors';
import { addressContextOf } from '../../shared/i18n/address';
import { AppLink } from '../../shared/routing/AppLink';
import { Icon } from '../../shared/ui/icons';
import { accountApi } from '../account';
import { FormAlert } from '../../shared/ui/alerts';
import { SubmitButton } from '../../shared/ui/buttons';
import { useErrorText, useForm } from '../../shared/ui/form';
import { type FlaggedProfileText, flaggedProfileTexts } from '../../shared/shield';
import { ProfileTextNudgeSlot } from '../profile';
import { useSession } from '../../shared/session';
import { useSiteSettings } from '../../shared/site';
import { type Refusal, RefusalAlert, SignupGate } from './SignupParts';
import { type SignupForm, clearSignupForm, loadSignupForm, saveSignupForm, withSiteDefaults } from './signupForm';
import { trafficForSignup } from '../../shared/signup/traffic';
import { StepFields, StepProgress } from './WizardSteps';
import {
  EMAIL_STEP,
  LAST_STEP,
  type SignupStep,
  type StepContext,
  firstInvalidStep,
  stepOfErrors,
  validateStep,
} from './validation';

const STEP_KEYS = ['who', 'name', 'birth', 'place', 'email', 'password'] as const;
const NAME_STEP = STEP_KEYS.indexOf('name') as SignupStep;

/** The fields in the order the steps ask for them: a refused step focuses its first problem. */
const FIELD_ORDER = ['gender', 'seeking', 'name', 'date_of_birth', 'country', 'region', 'city', 'email', 'password', 'terms'];
const focusTarget = (field: string) => document.getElementById(`signup-${field}`) ?? document.querySelector<HTMLElement>(`.signup-wizard [name="${field}"]`);

export interface SignupWizardProps {
  /** After the account was made (the session user is set); the form stays busy until it settles. */
  onDone: () => void | Promise<void>;
  /** Links inside the wizard call this first (the modal closes itself). */
  onLeave?: () => void;
  /** The heading level of the step questions: h2 on the page, h3 in the modal. */
  headingLevel?: 2 | 3;
}

/** Signup steps 0-4 (spec section 2): who, name, date of birth, e-mail, password and terms. */
export function SignupWizard({ onDone, onLeave, headingLevel = 2 }: SignupWizardProps) {
  const { t, i18n } = useTranslation('account');
  const { errorText } = useErrorText();
  const settings = useSiteSettings();
  const setUser = useSession((s) => s.setUser);
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
  const [refusal, setRefusal] = useState<Refusal>(null);
  // The scam shield's nudge on the name (issue 31.2): edit it, or sign up with it anyway.
  const [nudge, setNudge] = useState<FlaggedProfileText[] | null>(null);
  const editName = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  // Move focus to the new step's question so screen readers follow along.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

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
    setRefusal(null);
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
    void submit();
  };

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
        const user = await accountApi.signUp({
          email: form.email.trim(),
          name: form.name.trim(),
          date_of_birth: form.date_of_birth,
          password: form.password,
          gender: form.gender || undefined,
          seeking: form.seeking || undefined,
          country: form.country || undefined,
          region: form.region || undefined,
          city: form.city.trim() || undefined,
          language: i18n.language,
          traffic: trafficForSignup(),
          marketing,
          ...(confirmed ? { confirmed } : {}),
        });
        clearSignupForm();
        setUser(user);
        await onDone();
      } catch (error) {
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
      }
    });
  };

  const Heading = `h${headingLevel}` as 'h2' | 'h3';
  const stepKey = STEP_KEYS[step];
  const fieldError = wizard.text;

  return (
    <SignupGate onLeave={onLeave}>
      <form className="signup-wizard" onSubmit={next} noValidate data-step={step}>
        <StepProgress step={step} />

        <Heading ref={headingRef} tabIndex={-1} className="signup-wizard__question">
          {t(`signup.steps.${stepKey}.title`, { sitename: settings.name, context: addressContextOf(form.gender) })}
        </Heading>
        <p className="signup-wizard__help">{t(`signup.steps.${stepKey}.text`, { minAge: settings.min_age })}</p>

        <StepFields
          step={step}
          form={form}
          id={wizard.id}
          error={fieldError}
          update={update}
          changePlace={(next) => change(next, ['country', 'region', 'city'])}
          termsAccepted={termsAccepted}
          onTerms={(checked) => {
            setTermsAccepted(checked);
            wizard.clear('terms');
          }}
          marketing={marketing}
          onMarketing={setMarketing}
        />

        {wizard.error !== null && <FormAlert>{errorText(wizard.error)}</FormAlert>}
        <RefusalAlert refusal={refusal} onLeave={onLeave} />
        <ProfileTextNudgeSlot
          texts={nudge}
          signup
          onEdit={() => {
            setNudge(null);
            setStep(NAME_STEP);
            editName.current = true;
          }}
          onSaveAnyway={() => {
            setNudge(null);
            void submit(true);
          }}
          onClosed={() => {
            // Once the dialog is gone (the name step shows by then): into the name field.
            if (editName.current) focusTarget('name')?.focus();
            editName.current = false;
          }}
        />

        <div className="signup-wizard__actions">
          {step > 0 && (
            <button type="button" className="btn btn-link btn-lg text-body-secondary px-0" onClick={() => goTo((step - 1) as SignupStep)}>
              <Icon name="arrowLeft" size={18} className="me-1" />
              {t('signup.back')}
            </button>
          )}
          {step < LAST_STEP ? (
            <button type="submit" className="btn btn-primary btn-lg rounded-pill px-5 ms-auto" data-testid="signup-next">
              {t('signup.next')}
            </button>
          ) : (
            <SubmitButton busy={wizard.busy} className="btn btn-primary btn-lg rounded-pill px-4 ms-auto" testId="signup-submit">
              {t('signup.submit')}
            </SubmitButton>
          )}
        </div>

        <p className="signup-wizard__login">
          <Trans t={t} i18nKey="signup.haveAccount" components={{ login: <AppLink to="login" onClick={onLeave} /> }} />
        </p>
      </form>
    </SignupGate>
  );
}
