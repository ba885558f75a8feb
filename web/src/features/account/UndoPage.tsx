/**
 * /undo?token=…: the link mailed to the old address after the e-mail address or the
 * password of an account changed (issue 33.4). Nothing happens until the owner presses
 * the button (a mail scanner opening the link undoes nothing); then the account has that
 * address again, everyone is signed out everywhere, the password no longer works, and
 * the page asks for a new one. With it set, the owner signs in.
 */
import './undo.scss';
import { type FormEvent, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError, fieldErrorsOf } from '../../shared/api/errors';
import { passwordError } from '../../shared/credentials';
import { AppLink } from '../../shared/routing/AppLink';
import { pathTo } from '../../shared/routing/paths';
import { FormAlert } from '../../shared/ui/alerts';
import { AuthCard } from '../../shared/ui/AuthCard';
import { SubmitButton } from '../../shared/ui/buttons';
import { PasswordField } from '../../shared/ui/fields';
import { focusOnAppear } from '../../shared/ui/focusOnAppear';
import { useBusy, useErrorText, useForm } from '../../shared/ui/form';
import { useSession } from '../../shared/session';
import { useSiteSettings } from '../../shared/site';
import { usePageTitle } from '../../shared/title';
import { recoveryApi, type Undone } from './recoveryApi';

export function UndoPage() {
  const { t } = useTranslation('account');
  const [query] = useSearchParams();
  const token = query.get('token') ?? '';
  const [undone, setUndone] = useState<Undone | null>(null);
  usePageTitle(t('undo.title'));
  return undone ? <NewPassword undone={undone} /> : <Undo token={token} onUndone={setUndone} />;
}

function Undo({ token, onUndone }: { token: string; onUndone: (undone: Undone) => void }) {
  const { t } = useTranslation('account');
  const { errorText } = useErrorText();
  const { busy, run } = useBusy();
  const [error, setError] = useState<unknown>(token ? null : new ApiError(400, 'undo_link_invalid'));

  const undo = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    void run(async () => {
      setError(null);
      try {
        const undone = await recoveryApi.undo(token);
        useSession.getState().clear(); // every session ended, this browser's too
        onUndone(undone);
      } catch (caught) {
        setError(caught);
      }
    });
  };

  const spent = error instanceof ApiError && error.code === 'undo_link_invalid';
  return (
    <AuthCard icon="shield" title={t('undo.title')} intro={spent ? undefined : t('undo.intro')}>
      <div className="d-grid gap-3" data-testid="undo-page">
        {error !== null && <FormAlert testId="undo-error">{errorText(error)}</FormAlert>}
        {spent ? (
          <AppLink to="login" className="btn btn-outline-primary btn-lg rounded-pill">
            {t('undo.toLogin')}
          </AppLink>
        ) : (
          <>
            <ul className="undo-change__steps">
              <li>{t('undo.stepAddress')}</li>
              <li>{t('undo.stepSignOut')}</li>
              <li>{t('undo.stepPassword')}</li>
            </ul>
            <form onSubmit={undo} noValidate className="d-grid" aria-label={t('undo.submit')}>
              <SubmitButton busy={busy} testId="undo-submit">
                {t('undo.submit')}
              </SubmitButton>
            </form>
            <p className="text-body-secondary small mb-0">{t('undo.notMe')}</p>
          </>
        )}
      </div>
    </AuthCard>
  );
}

function NewPassword({ undone }: { undone: Undone }) {
  const { t } = useTranslation('account');
  const { errorText, fieldText } = useErrorText();
  const navigate = useNavigate();
  const { limits } = useSiteSettings();
  const form = useForm({ initial: { password: '', repeat: '' }, order: ['password', 'repeat'], idPrefix: 'undo-password', clearOnEdit: 'all' });

  const submit = form.submit({
    check: ({ password, repeat }) => {
      const weak = passwordError(password, limits, [undone.email]);
      return { password: weak, repeat: !weak && password !== repeat ? { code: 'passwords_differ' } : null };
    },
    send: async ({ password, repeat }) => {
      await recoveryApi.setPassword({ token: undone.password_token, password, repeat });
      navigate(`${pathTo('login')}?password_reset=1`, { replace: true });
    },
    refused: (caught) => {
      const fields = fieldErrorsOf(caught);
      if (fields.password) return { password: fields.password };
      if (caught instanceof ApiError && caught.code === 'passwords_differ') return { repeat: { code: 'passwords_differ' } };
      return null;
    },
  });
  const expired = form.error instanceof ApiError && form.error.code === 'reset_link_invalid';

  return (
    <AuthCard icon="key" title={t('undo.passwordTitle')}>
      <div className="d-grid gap-3" data-testid="undo-done">
        <FormAlert variant="success" testId="undo-done-alert">
          <Trans
            t={t}
            i18nKey={undone.change === 'mail_changed' ? 'undo.doneAddress' : 'undo.donePassword'}
            values={{ email: undone.email }}
            components={{ strong: <strong className="text-break" /> }}
          />
        </FormAlert>
        {expired ? (
          <>
            <FormAlert testId="undo-password-expired">{fieldText({ code: 'reset_link_invalid' })}</FormAlert>
            <AppLink to="reset-password" className="btn btn-primary btn-lg rounded-pill">
              {t('resetDo.requestNew')}
            </AppLink>
          </>
        ) : (
          <form onSubmit={submit} noValidate className="d-grid gap-3" aria-label={t('undo.passwordTitle')}>
            <p className="mb-0">{t('undo.passwordIntro')}</p>
            {form.error !== null && <FormAlert>{errorText(form.error)}</FormAlert>}
            <PasswordField
              label={t('fields.newPassword')}
              autoComplete="new-password"
              {...form.field('password')}
              hint={t('signup.steps.password.hint', { min: limits.password_min })}
              maxLength={1000}
              ref={focusOnAppear}
            />
            <PasswordField label={t('fields.repeatPassword')} autoComplete="new-password" {...form.field('repeat')} maxLength={1000} />
            <SubmitButton busy={form.busy} testId="undo-password-submit">
              {t('undo.passwordSubmit')}
            </SubmitButton>
          </form>
        )}
      </div>
    </AuthCard>
  );
}
