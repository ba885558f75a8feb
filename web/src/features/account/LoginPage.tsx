import { type FormEvent, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { afterLoginPath } from '../../shared/routing/guard';
import { pathTo } from '../../shared/routing/paths';
import { ApiError } from '../../shared/api/errors';
import { AppLink } from '../../shared/routing/AppLink';
import { useSession } from '../session';
import { signupPolicy } from '../signup/policy';
import { hasTrafficSource } from '../signup/traffic';
import { emailError } from '../signup/validation';
import { useSiteSettings } from '../site';
import { usePageTitle } from '../title';
import { accountApi } from './accountApi';
import { AuthCard } from '../../shared/ui/AuthCard';
import { FormAlert } from '../../shared/ui/alerts';
import { SubmitButton } from '../../shared/ui/buttons';
import { PasswordField, TextField } from '../../shared/ui/fields';
import { useBusy, useErrorText } from '../../shared/ui/form';

/** Query flags other screens send the member here with. */
export const LOGIN_NOTICES = ['password_reset', 'session_ended'] as const;

/** /login: e-mail and password, with every refusal of the server explained. */
export function LoginPage() {
  const { t } = useTranslation('account');
  const { errorText, fieldText } = useErrorText();
  const settings = useSiteSettings();
  const setUser = useSession((s) => s.setUser);
  const navigate = useNavigate();
  const location = useLocation();
  const [query] = useSearchParams();
  const { busy, run } = useBusy();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [emailProblem, setEmailProblem] = useState<string | null>(null);
  const [passwordProblem, setPasswordProblem] = useState<string | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  usePageTitle(t('login.title'));

  const notice = LOGIN_NOTICES.find((flag) => query.has(flag));
  const signupOpen = signupPolicy(settings.signups, hasTrafficSource()) === 'open';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = emailError(email);
    setEmailProblem(problem ? fieldText(problem) : null);
    setPasswordProblem(password ? null : fieldText({ code: 'password_required' }));
    if (problem || !password) return;
    setError(null);
    void run(async () => {
      try {
        const user = await accountApi.logIn({ email: email.trim(), password });
        setUser(user);
        navigate(afterLoginPath(location.search), { replace: true });
      } catch (caught) {
        const failure = caught instanceof ApiError ? caught : new ApiError(0, 'generic');
        if (failure.code === 'account_banned') {
          navigate(pathTo('ban'));
          return;
        }
        setError(failure);
      }
    });
  };

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
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
          value={email}
          onValue={(value) => {
            setEmail(value);
            setEmailProblem(null);
          }}
          error={emailProblem}
          maxLength={300}
          autoFocus
        />
        <div>
          <PasswordField
            label={t('fields.password')}
            autoComplete="current-password"
            value={password}
            onValue={(value) => {
              setPassword(value);
              setPasswordProblem(null);
            }}
            error={passwordProblem}
            maxLength={1000}
          />
          <div className="text-end mt-2">
            <AppLink to="reset-password" className="small fw-semibold">
              {t('login.forgot')}
            </AppLink>
          </div>
        </div>
        <SubmitButton busy={busy} testId="login-submit">
          {t('login.submit')}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
