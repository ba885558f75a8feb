import { Trans, useTranslation } from 'react-i18next';
import { AppLink } from '../../shared/routing/AppLink';
import { BirthDateSelect } from '../../shared/ui/BirthDateSelect';
import { CheckboxField, PasswordField, TextField } from '../../shared/ui/fields';
import { focusOnAppear } from '../../shared/ui/focusOnAppear';
import { useSiteSettings } from '../../shared/site';
import { PlaceStep } from './PlaceStep';
import { ChoiceGroup } from './SignupParts';
import type { SignupForm } from './signupForm';
import { SIGNUP_STEPS, type SignupStep } from './validation';

/** "Step 2 of 6" and a dot per step. */
export function StepProgress({ step }: { step: SignupStep }) {
  const { t } = useTranslation('account');
  return (
    <div className="signup-progress">
      <span className="signup-progress__label">{t('signup.progress', { step: step + 1, total: SIGNUP_STEPS.length })}</span>
      <ol className="signup-progress__dots" aria-hidden="true">
        {SIGNUP_STEPS.map((index) => (
          <li
            key={index}
            className={index < step ? 'is-done' : index === step ? 'is-current' : undefined}
          />
        ))}
      </ol>
    </div>
  );
}

export interface StepFieldsProps {
  step: SignupStep;
  form: SignupForm;
  /** A field's element id and its problem's text (the wizard's form). */
  id: (field: string) => string;
  error: (field: string) => string | null;
  update: (field: keyof SignupForm, value: string) => void;
  changePlace: (next: Partial<SignupForm>) => void;
  termsAccepted: boolean;
  onTerms: (checked: boolean) => void;
  /** The optional opt-in to marketing mail, unticked until the visitor ticks it. */
  marketing: boolean;
  onMarketing: (checked: boolean) => void;
}

/** Step 1: who the visitor is and whom they seek. */
function WhoStep({ form, error, update }: StepFieldsProps) {
  const { t } = useTranslation('account');
  return (
    <div className="d-grid gap-3">
      <ChoiceGroup
        name="gender"
        legend={t('signup.steps.who.iAm')}
        value={form.gender}
        onValue={(value) => update('gender', value)}
        error={error('gender')}
        options={[
          { value: 'male', label: t('signup.steps.who.man'), icon: 'male' },
          { value: 'female', label: t('signup.steps.who.woman'), icon: 'female' },
        ]}
      />
      <ChoiceGroup
        name="seeking"
        legend={t('signup.steps.who.seeking')}
        value={form.seeking}
        onValue={(value) => update('seeking', value)}
        error={error('seeking')}
        options={[
          { value: 'male', label: t('signup.steps.who.men'), icon: 'male' },
          { value: 'female', label: t('signup.steps.who.women'), icon: 'female' },
        ]}
      />
    </div>
  );
}

/** The last step: the password, the terms and the optional marketing mail. */
function PasswordStep({ form, id, error, update, termsAccepted, onTerms, marketing, onMarketing }: StepFieldsProps) {
  const { t } = useTranslation('account');
  const settings = useSiteSettings();
  return (
    <div className="d-grid gap-3">
      <PasswordField
        label={t('signup.steps.password.label')}
        id={id('password')}
        value={form.password}
        onValue={(value) => update('password', value)}
        error={error('password')}
        hint={t('signup.steps.password.hint', { min: settings.limits.password_min })}
        autoComplete="new-password"
        minLength={settings.limits.password_min}
        ref={focusOnAppear}
      />
      <CheckboxField
        id="signup-terms"
        className="signup-terms"
        checked={termsAccepted}
        onChecked={onTerms}
        error={error('terms')}
        label={
          <Trans
            t={t}
            i18nKey="signup.steps.password.terms"
            values={{ minAge: settings.min_age }}
            components={{ terms: <AppLink to="terms" target="_blank" rel="noopener" /> }}
          />
        }
      />
      <CheckboxField
        id="signup-marketing"
        className="signup-marketing"
        checked={marketing}
        onChecked={onMarketing}
        label={t('signup.steps.password.marketing', { sitename: settings.name })}
        data-testid="signup-marketing"
      />
    </div>
  );
}

/** The fields of one signup step (spec section 2): who, name, birth, place, e-mail, password and terms. */
export function StepFields(props: StepFieldsProps) {
  const { step, form, id, error, update, changePlace } = props;
  const { t } = useTranslation('account');
  const settings = useSiteSettings();
  return (
    <>
      {step === 0 && <WhoStep {...props} />}

      {step === 1 && (
        <TextField
          label={t('signup.steps.name.label')}
          id={id('name')}
          value={form.name}
          onValue={(value) => update('name', value)}
          error={error('name')}
          hint={t('signup.steps.name.hint', { min: 2, max: 30 })}
          autoComplete="nickname"
          autoCapitalize="words"
          maxLength={60}
          ref={focusOnAppear}
        />
      )}

      {step === 2 && (
        <BirthDateSelect
          legend={t('signup.steps.birth.label')}
          value={form.date_of_birth}
          onValue={(value) => update('date_of_birth', value)}
          minAge={settings.min_age}
          error={error('date_of_birth')}
        />
      )}

      {step === 3 && (
        <PlaceStep
          value={form}
          countries={settings.countries}
          onChange={changePlace}
          errors={{ country: error('country'), region: error('region'), city: error('city') }}
        />
      )}

      {step === 4 && (
        <TextField
          label={t('signup.steps.email.label')}
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="off"
          spellCheck={false}
          id={id('email')}
          value={form.email}
          onValue={(value) => update('email', value)}
          error={error('email')}
          hint={t('signup.steps.email.hint')}
          maxLength={254}
          ref={focusOnAppear}
        />
      )}

      {step === 5 && <PasswordStep {...props} />}
    </>
  );
}
