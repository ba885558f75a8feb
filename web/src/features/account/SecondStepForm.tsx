/**
 * The login's second step (issue 33.2): after the password (or a mail's link) the server
 * answered a challenge instead of a session; this form sends it with a code of the
 * member's authenticator app, or with one of their recovery codes.
 */
import './two-factor.scss';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/errors';
import type { User } from '../../shared/api/types';
import { AuthCard } from '../../shared/ui/AuthCard';
import { FormAlert } from '../../shared/ui/alerts';
import { SubmitButton } from '../../shared/ui/buttons';
import { focusOnAppear } from '../../shared/ui/focusOnAppear';
import { TextField } from '../../shared/ui/fields';
import { useErrorText, useForm } from '../../shared/ui/form';
import { twoFactorApi } from './twoFactorApi';

// Refusals that are about the code typed: shown at the field.
const CODE_ERRORS = new Set(['two_factor_code_wrong', 'two_factor_code_used', 'two_factor_code_required']);

/** The way to the other kind of code, and back to the password. */
function SecondStepLinks({ recovery, onSwitch, onBack }: { recovery: boolean; onSwitch: () => void; onBack: () => void }) {
  const { t } = useTranslation('account');
  return (
    <div className="d-flex flex-wrap justify-content-between gap-2 small">
      <button type="button" className="btn btn-link p-0 fw-semibold" onClick={onSwitch} data-testid="login-second-step-switch">
        {recovery ? t('login.secondStep.useApp') : t('login.secondStep.useRecovery')}
      </button>
      <button type="button" className="btn btn-link p-0 text-body-secondary" onClick={onBack} data-testid="login-second-step-back">
        {t('login.secondStep.back')}
      </button>
    </div>
  );
}

export function SecondStepForm({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: string;
  onSignedIn: (user: User, next: string | undefined) => void;
  /** Back to the password: by choice, or because the challenge ran out (`expired`). */
  onRestart: (expired: boolean) => void;
}) {
  const { t } = useTranslation('account');
  const { errorText } = useErrorText();
  const [recovery, setRecovery] = useState(false);
  const form = useForm({ initial: { code: '' }, order: ['code'], idPrefix: 'login-second-step' });

  const submit = form.submit({
    check: ({ code }) => ({ code: code.trim() ? null : { code: 'two_factor_code_required' } }),
    send: async ({ code }) => {
      const { user, next } = await twoFactorApi.signIn(challenge, code.trim());
      onSignedIn(user, next);
    },
    refused: (caught) => {
      const code = caught instanceof ApiError ? caught.code : '';
      if (CODE_ERRORS.has(code)) return { code: { code } };
      if (code === 'two_factor_challenge_invalid') {
        onRestart(true);
        return 'handled';
      }
      return null;
    },
  });

  const switchKind = () => {
    setRecovery((current) => !current);
    form.setValues({ code: '' });
    form.show({});
    form.focus('code');
  };

  return (
    <AuthCard icon="shield" title={t('login.secondStep.title')} intro={recovery ? t('login.secondStep.recoveryIntro') : t('login.secondStep.intro')}>
      <form onSubmit={submit} noValidate className="d-grid gap-3" aria-label={t('login.secondStep.title')}>
        {form.error !== null && <FormAlert testId="login-second-step-error">{errorText(form.error)}</FormAlert>}
        {recovery ? (
          <TextField
            key="recovery"
            label={t('login.secondStep.recoveryCode')}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            {...form.field('code')}
            maxLength={40}
            ref={focusOnAppear}
            data-testid="login-second-step-code"
          />
        ) : (
          <TextField
            key="app"
            label={t('login.secondStep.code')}
            autoComplete="one-time-code"
            inputMode="numeric"
            pattern="[0-9 ]*"
            {...form.field('code')}
            maxLength={40}
            ref={focusOnAppear}
            className="second-step__code"
            data-testid="login-second-step-code"
          />
        )}
        <SubmitButton busy={form.busy} testId="login-second-step-submit">
          {t('login.secondStep.submit')}
        </SubmitButton>
        <SecondStepLinks recovery={recovery} onSwitch={switchKind} onBack={() => onRestart(false)} />
      </form>
    </AuthCard>
  );
}
