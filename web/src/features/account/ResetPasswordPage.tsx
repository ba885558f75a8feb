import { type FormEvent, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { pathTo } from '../../shared/routing/paths';
import { ApiError } from '../../shared/api/errors';
import { AppLink } from '../../shared/routing/AppLink';
import { useSession } from '../session';
import { emailError, passwordError } from '../signup/validation';
import { useSiteSettings } from '../site';
import { usePageTitle } from '../title';
import { accountApi, fieldErrorsOf } from './accountApi';
import { AuthCard } from '../../shared/ui/AuthCard';
import { FormAlert } from '../../shared/ui/alerts';
import { SubmitButton } from '../../shared/ui/buttons';
import { PasswordField, TextField } from '../../shared/ui/fields';
import { useBusy, useErrorText } from '../../shared/ui/form';

/** /reset-password: ask for a reset link; the answer is the same for any address. */
export function ResetPasswordPage() {
  const { t } = useTranslation('account');
  const { errorText, fieldText } = useErrorText();
  const { busy, run } = useBusy();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  usePageTitle(t('reset.title'));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = emailError(email);
    setProblem(invalid ? fieldText(invalid) : null);
    if (invalid) return;
    setError(null);
    void run(async () => {
      try {
        await accountApi.requestPasswordReset(email.trim());
        setSentTo(email.trim());
      } catch (caught) {
        if (caught instanceof ApiError && caught.code === 'invalid_email') setProblem(fieldText({ code: 'invalid_email' }));
        else setError(errorText(caught));
      }
    });
  };

  if (sentTo) {
    return (
      <AuthCard icon="mail" title={t('reset.sentTitle')} footer={<AppLink to="login">{t('reset.backToLogin')}</AppLink>}>
        <FormAlert variant="success" testId="reset-sent">
          <Trans t={t} i18nKey="reset.sent" values={{ email: sentTo }} components={{ strong: <strong className="text-break" /> }} />
        </FormAlert>
        <p className="text-body-secondary small mb-0">{t('reset.sentHint')}</p>
      </AuthCard>
    );
  }

  return (
    <AuthCard icon="key" title={t('reset.title')} intro={t('reset.intro')} footer={<AppLink to="login">{t('reset.backToLogin')}</AppLink>}>
      <form onSubmit={submit} noValidate className="d-grid gap-3" aria-label={t('reset.title')}>
        {error && <FormAlert testId="reset-error">{error}</FormAlert>}
        <TextField
          label={t('fields.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="off"
          spellCheck={false}
          value={email}
          onValue={(value) => {
            setEmail(value);
            setProblem(null);
          }}
          error={problem}
          maxLength={300}
          autoFocus
        />
        <SubmitButton busy={busy} testId="reset-submit">
          {t('reset.submit')}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}

/** /reset-password/do?token=…: a new password, twice; then to the login with a notice. */
export function ResetPasswordDoPage() {
  const { t } = useTranslation('account');
  const { errorText, fieldText } = useErrorText();
  const { busy, run } = useBusy();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const token = query.get('token') ?? '';
  const { limits } = useSiteSettings();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [problems, setProblems] = useState<{ password?: string | null; repeat?: string | null }>({});
  const [error, setError] = useState<ApiError | null>(null);
  usePageTitle(t('resetDo.title'));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const weak = passwordError(password, limits);
    const differ = !weak && password !== repeat ? { code: 'passwords_differ' } : null;
    setProblems({ password: fieldText(weak), repeat: fieldText(differ) });
    if (weak || differ) return;
    setError(null);
    void run(async () => {
      try {
        await accountApi.resetPassword({ token, password, repeat });
        // Every session ended with the reset, this one too.
        useSession.getState().clear();
        navigate(`${pathTo('login')}?password_reset=1`, { replace: true });
      } catch (caught) {
        const fields = fieldErrorsOf(caught);
        if (fields.password) setProblems({ password: fieldText(fields.password) });
        else if (caught instanceof ApiError && caught.code === 'passwords_differ') setProblems({ repeat: fieldText({ code: 'passwords_differ' }) });
        else setError(caught instanceof ApiError ? caught : new ApiError(0, 'generic'));
      }
    });
  };

  const linkInvalid = !token || error?.code === 'reset_link_invalid';
  return (
    <AuthCard icon="key" title={t('resetDo.title')} intro={t('resetDo.intro')}>
      {linkInvalid ? (
        <div className="d-grid gap-3">
          <FormAlert testId="reset-link-invalid">{fieldText({ code: 'reset_link_invalid' })}</FormAlert>
          <AppLink to="reset-password" className="btn btn-primary btn-lg rounded-pill">
            {t('resetDo.requestNew')}
          </AppLink>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="d-grid gap-3" aria-label={t('resetDo.title')}>
          {error && <FormAlert>{errorText(error)}</FormAlert>}
          <PasswordField
            label={t('fields.newPassword')}
            autoComplete="new-password"
            value={password}
            onValue={(value) => {
              setPassword(value);
              setProblems({});
            }}
            error={problems.password}
            hint={t('signup.steps.password.hint', { min: limits.password_min })}
            maxLength={1000}
            autoFocus
          />
          <PasswordField
            label={t('fields.repeatPassword')}
            autoComplete="new-password"
            value={repeat}
            onValue={(value) => {
              setRepeat(value);
              setProblems({});
            }}
            error={problems.repeat}
            maxLength={1000}
          />
          <SubmitButton busy={busy} testId="reset-submit">
            {t('resetDo.submit')}
          </SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}
