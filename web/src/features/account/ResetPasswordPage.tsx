import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { pathTo } from '../../shared/routing/paths';
import { ApiError, fieldErrorsOf } from '../../shared/api/errors';
import { AppLink } from '../../shared/routing/AppLink';
import { useSession } from '../../shared/session';
import { passwordError, storedEmailError } from '../../shared/credentials';
import { useSiteSettings } from '../../shared/site';
import { usePageTitle } from '../../shared/title';
import { accountApi } from './accountApi';
import { AuthCard } from '../../shared/ui/AuthCard';
import { FormAlert } from '../../shared/ui/alerts';
import { SubmitButton } from '../../shared/ui/buttons';
import { focusOnAppear } from '../../shared/ui/focusOnAppear';
import { PasswordField, TextField } from '../../shared/ui/fields';
import { useErrorText, useForm } from '../../shared/ui/form';

/** /reset-password: ask for a reset link; the answer is the same for any address. */
export function ResetPasswordPage() {
  const { t } = useTranslation('account');
  const { errorText } = useErrorText();
  const form = useForm({ initial: { email: '' }, order: ['email'], idPrefix: 'reset' });
  const [sentTo, setSentTo] = useState<string | null>(null);
  usePageTitle(t('reset.title'));

  const submit = form.submit({
    check: ({ email }) => ({ email: storedEmailError(email) }),
    send: async ({ email }) => {
      await accountApi.requestPasswordReset(email.trim());
      setSentTo(email.trim());
    },
    refused: (caught) => (caught instanceof ApiError && caught.code === 'invalid_email' ? { email: { code: 'invalid_email' } } : null),
  });

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
        {form.error !== null && <FormAlert testId="reset-error">{errorText(form.error)}</FormAlert>}
        <TextField
          label={t('fields.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="off"
          spellCheck={false}
          {...form.field('email')}
          maxLength={300}
          ref={focusOnAppear}
        />
        <SubmitButton busy={form.busy} testId="reset-submit">
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
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const token = query.get('token') ?? '';
  const { limits } = useSiteSettings();
  const form = useForm({ initial: { password: '', repeat: '' }, order: ['password', 'repeat'], idPrefix: 'reset-do', clearOnEdit: 'all' });
  usePageTitle(t('resetDo.title'));

  const submit = form.submit({
    check: ({ password, repeat }) => {
      const weak = passwordError(password, limits);
      return { password: weak, repeat: !weak && password !== repeat ? { code: 'passwords_differ' } : null };
    },
    send: async ({ password, repeat }) => {
      await accountApi.resetPassword({ token, password, repeat });
      // Every session ended with the reset, this one too.
      useSession.getState().clear();
      navigate(`${pathTo('login')}?password_reset=1`, { replace: true });
    },
    refused: (caught) => {
      const fields = fieldErrorsOf(caught);
      if (fields.password) return { password: fields.password };
      if (caught instanceof ApiError && caught.code === 'passwords_differ') return { repeat: { code: 'passwords_differ' } };
      return null;
    },
  });
  const error = form.error === null ? null : form.error instanceof ApiError ? form.error : new ApiError(0, 'generic');

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
            {...form.field('password')}
            hint={t('signup.steps.password.hint', { min: limits.password_min })}
            maxLength={1000}
            ref={focusOnAppear}
          />
          <PasswordField
            label={t('fields.repeatPassword')}
            autoComplete="new-password"
            {...form.field('repeat')}
            maxLength={1000}
          />
          <SubmitButton busy={form.busy} testId="reset-submit">
            {t('resetDo.submit')}
          </SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}
