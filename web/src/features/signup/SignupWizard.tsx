import '../../shared/ui/account.scss';
import { useEffect, useRef } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { addressContextOf } from '../../shared/i18n/address';
import { AppLink } from '../../shared/routing/AppLink';
import { Icon } from '../../shared/ui/icons';
import { FormAlert } from '../../shared/ui/alerts';
import { SubmitButton } from '../../shared/ui/buttons';
import { useErrorText } from '../../shared/ui/form';
import { useSiteSettings } from '../../shared/site';
import { RefusalAlert, SignupGate } from './SignupParts';
import { NameNudgeSlot, type NameNudgeProps } from './slots';
import { StepFields, StepProgress } from './WizardSteps';
import { focusTarget, useSignupWizard } from './useSignupWizard';
import { LAST_STEP, type SignupStep } from './validation';

const STEP_KEYS = ['who', 'name', 'birth', 'place', 'email', 'password'] as const;
const NAME_STEP = STEP_KEYS.indexOf('name') as SignupStep;

export interface SignupWizardProps {
  /** After the account was made (the session user is set); the form stays busy until it settles. */
  onDone: () => void | Promise<void>;
  /** Links inside the wizard call this first (the modal closes itself). */
  onLeave?: () => void;
  /** The heading level of the step questions: h2 on the page, h3 in the modal. */
  headingLevel?: 2 | 3;
}

/** Moves the focus to a new step's question (not the first one) so screen readers follow along. */
function useStepFocus(step: SignupStep) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);
  return headingRef;
}

/** The scam shield's nudge on the name (the slot): after "Edit name", into the name field once the dialog is gone. */
function NameNudge({ texts, onEdit, onSaveAnyway }: Omit<NameNudgeProps, 'onClosed'>) {
  const editName = useRef(false);
  return (
    <NameNudgeSlot
      texts={texts}
      onEdit={() => {
        onEdit();
        editName.current = true;
      }}
      onSaveAnyway={onSaveAnyway}
      onClosed={() => {
        // Once the dialog is gone (the name step shows by then): into the name field.
        if (editName.current) focusTarget('name')?.focus();
        editName.current = false;
      }}
    />
  );
}

/** Back, and next or (on the last step) sign up. */
function WizardActions({ step, busy, onBack }: { step: SignupStep; busy: boolean; onBack: () => void }) {
  const { t } = useTranslation('account');
  return (
    <div className="signup-wizard__actions">
      {step > 0 && (
        <button type="button" className="btn btn-link btn-lg text-body-secondary px-0" onClick={onBack}>
          <Icon name="arrowLeft" size={18} className="me-1" />
          {t('signup.back')}
        </button>
      )}
      {step < LAST_STEP ? (
        <button type="submit" className="btn btn-primary btn-lg rounded-pill px-5 ms-auto" data-testid="signup-next">
          {t('signup.next')}
        </button>
      ) : (
        <SubmitButton busy={busy} className="btn btn-primary btn-lg rounded-pill px-4 ms-auto" testId="signup-submit">
          {t('signup.submit')}
        </SubmitButton>
      )}
    </div>
  );
}

/** Signup steps 0-4 (spec section 2): who, name, date of birth, e-mail, password and terms. */
export function SignupWizard({ onDone, onLeave, headingLevel = 2 }: SignupWizardProps) {
  const { t } = useTranslation('account');
  const { errorText } = useErrorText();
  const settings = useSiteSettings();
  const signup = useSignupWizard(onDone);
  const { wizard, form, step } = signup;
  const headingRef = useStepFocus(step);
  const Heading = `h${headingLevel}` as 'h2' | 'h3';
  const stepKey = STEP_KEYS[step];

  return (
    <SignupGate onLeave={onLeave}>
      <form className="signup-wizard" onSubmit={signup.next} noValidate data-step={step}>
        <StepProgress step={step} />

        <Heading ref={headingRef} tabIndex={-1} className="signup-wizard__question">
          {t(`signup.steps.${stepKey}.title`, { sitename: settings.name, context: addressContextOf(form.gender) })}
        </Heading>
        <p className="signup-wizard__help">{t(`signup.steps.${stepKey}.text`, { minAge: settings.min_age })}</p>

        <StepFields
          step={step}
          form={form}
          id={wizard.id}
          error={wizard.text}
          update={signup.update}
          changePlace={(next) => signup.change(next, ['country', 'region', 'city'])}
          termsAccepted={signup.termsAccepted}
          onTerms={signup.acceptTerms}
          marketing={signup.marketing}
          onMarketing={signup.setMarketing}
        />

        {wizard.error !== null && <FormAlert>{errorText(wizard.error)}</FormAlert>}
        <RefusalAlert refusal={signup.refusal} onLeave={onLeave} />
        <NameNudge
          texts={signup.nudge}
          onEdit={() => {
            signup.setNudge(null);
            signup.setStep(NAME_STEP);
          }}
          onSaveAnyway={() => {
            signup.setNudge(null);
            void signup.submit(true);
          }}
        />

        <WizardActions step={step} busy={wizard.busy} onBack={() => signup.goTo((step - 1) as SignupStep)} />

        <p className="signup-wizard__login">
          <Trans t={t} i18nKey="signup.haveAccount" components={{ login: <AppLink to="login" onClick={onLeave} /> }} />
        </p>
      </form>
    </SignupGate>
  );
}
