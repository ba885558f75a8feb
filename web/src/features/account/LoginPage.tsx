import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { afterLoginPath, membersAreaPath, safeRedirect } from '../../shared/routing/guard';
import { pathTo } from '../../shared/routing/paths';
import { ApiError } from '../../shared/api/errors';
import { AppLink } from '../../shared/routing/AppLink';
import { type User, useSession } from '../../shared/session';
import { storedEmailError } from '../../shared/credentials';
import { signupPolicy, hasTrafficSource } from '../../shared/signup';
import { useSiteSettings } from '../../shared/site';
import { usePageTitle } from '../../shared/title';
import { accountApi } from './accountApi';
import { SecondStepForm } from './SecondStepForm';
import { PasskeyLoginSlot } from './slots';
import { type SecondStep, secondStepInState, secondStepOf } from '../../shared/session/secondStep';
import { AuthCard } from '../../shared/ui/AuthCard';
import { FormAlert } from '../../shared/ui/alerts';
import { SubmitButton } from '../../shared/ui/buttons';
import { focusOnAppear } from '../../shared/ui/focusOnAppear';
import { PasswordField, TextField } from '../../shared/ui/fields';
import { useErrorText, useForm } from '../../shared/ui/form';

/** Query flags other screens send the member here with. */
export const LOGIN_NOTICES = ['password_reset', 'session_ended'] as const;

/**
 * The password step: its form, sent with every refusal of the server explained; a banned
 * member goes to the ban page, a member with two-step login on to `onSecondStep`.
 */
function useLoginForm(onSecondStep: (step: SecondStep) => void, signedIn: (user: User) => void) {
  const navigate = useNavigate();
  const form = useForm({ initial: { email: '', password: '' }, order: ['email', 'password'], idPrefix: 'login' });
  const submit = form.submit({
    check: ({ email, password }) => ({ email: storedEmailError(email), password: password ? null : { code: 'password_required' } }),
    send: async ({ email, password }) => {
      signedIn(await accountApi.logIn({ email: email.trim(), password }));
    },
    refused: (caught) => {
      if (caught instanceof ApiError && caught.code === 'account_banned') {
        navigate(pathTo('ban'));
        return 'handled';
      }
      const step = secondStepOf(caught);
      if (step) {
        onSecondStep(step);
        return 'handled';
      }
      return null;
    },
  });
  const error = form.error === null ? null : form.error instanceof ApiError ? form.error : new ApiError(0, 'generic');
  return { form, submit, error };
}

/** E-mail and password, the notice another screen sent the member here with, and what went wrong. */
function LoginForm({ login: { form, submit, error } }: { login: ReturnType<typeof useLoginForm> }) {
  const { t } = useTranslation('account');
  const { errorText } = useErrorText();
  const settings = useSiteSettings();
  const [query] = useSearchParams();
  const notice = LOGIN_NOTICES.find((flag) => query.has(flag));
  return (
    <form onSubmit={submit} noValidate className="d-grid gap-3" aria-label={t('login.title')}>
      {notice && <FormAlert variant="success">{t(`login.notice.${notice}`)}</FormAlert>}
      {error && (
        <FormAlert testId="login-error">
          {errorText(error)}
          {error.code === 'account_deleted_reactivatable' && (
            <>
              {' '}
              <a href={`mailto:${String(error.params.support_email ?? settings.support_email)}`}>{t('contactSupport')}</a>
            </>
          )}
        </FormAlert>
      )}
      <TextField
        label={t('fields.email')}
        type="email"
        inputMode="email"
        autoComplete="username webauthn"
        autoCapitalize="off"
        spellCheck={false}
        {...form.field('email')}
        maxLength={300}
        ref={focusOnAppear}
      />
      <div>
        <PasswordField
          label={t('fields.password')}
          autoComplete="current-password"
          {...form.field('password')}
          maxLength={1000}
        />
        <div className="text-end mt-2">
          <AppLink to="reset-password" className="small fw-semibold">
            {t('login.forgot')}
          </AppLink>
        </div>
      </div>
      <SubmitButton busy={form.busy} testId="login-submit">
        {t('login.submit')}
      </SubmitButton>
    </form>
  );
}

/** /login: e-mail and password (or a passkey), then the second step where it is on. */
export function LoginPage() {
  const { t } = useTranslation('account');
  const settings = useSiteSettings();
  const setUser = useSession((s) => s.setUser);
  const navigate = useNavigate();
  const location = useLocation();
  // Two-step login (issue 33.2): the challenge of the password step, or of a mail's link
  // (handed over in the history state).
  const [secondStep, setSecondStep] = useState<SecondStep | null>(() => secondStepInState(location.state));
  usePageTitle(secondStep ? t('login.secondStep.title') : t('login.title'));

  const signedIn = (user: User, to = afterLoginPath(location.search)) => {
    setUser(user);
    navigate(to, { replace: true });
  };
  const login = useLoginForm(setSecondStep, signedIn);
  const signupOpen = signupPolicy(settings.signups, hasTrafficSource(), settings.closed) === 'open';

  if (secondStep) {
    return (
      <SecondStepForm
        challenge={secondStep.challenge}
        onSignedIn={(user, next) => signedIn(user, next ? (safeRedirect(next) ?? membersAreaPath()) : undefined)}
        onRestart={(expired) => {
          setSecondStep(null);
          login.form.setError(expired ? new ApiError(400, 'two_factor_challenge_invalid') : null);
          // A link's challenge came in the history state: a reload must not bring it back.
          if (location.state) navigate(location.pathname + location.search, { replace: true, state: null });
        }}
      />
    );
  }

  return (
    <AuthCard
      title={t('login.title')}
      intro={t('login.intro', { sitename: settings.name })}
      footer={
        signupOpen && (
          <Trans t={t} i18nKey="login.noAccount" components={{ signup: <AppLink to="signup" /> }} />
        )
      }
    >
      <LoginForm login={login} />
      <PasskeyLoginSlot onLoggedIn={(user) => signedIn(user)} />
    </AuthCard>
  );
}
