/**
 * /sessions/end?token=…: the "was this you?" mail's link (issue 33.3). It asks before it
 * ends the session (a mail scanner opening the link must not sign anyone out), works
 * without a sign-in, and then suggests a new password: whoever signed in knew it.
 */
import '../../shared/ui/account.scss';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../shared/api/errors';
import { AppLink } from '../../shared/routing/AppLink';
import { AuthCard } from '../../shared/ui/AuthCard';
import { FormAlert } from '../../shared/ui/alerts';
import { useBusy, useErrorText } from '../../shared/ui/form';
import { useSession } from '../../shared/session';
import { usePageTitle } from '../../shared/title';
import { sessionsApi } from './sessionsApi';

type Outcome = { ok: true; ended: boolean } | { ok: false; error: unknown };

export function EndSessionPage() {
  const { t } = useTranslation('account');
  const { errorText } = useErrorText();
  const [query] = useSearchParams();
  const token = query.get('token') ?? '';
  const loggedIn = useSession((s) => s.user !== null);
  const { busy, run } = useBusy();
  const [outcome, setOutcome] = useState<Outcome | null>(
    token ? null : { ok: false, error: new ApiError(400, 'end_session_link_invalid') },
  );
  usePageTitle(t('endSession.title'));

  const end = () =>
    void run(async () => {
      try {
        setOutcome({ ok: true, ended: await sessionsApi.endByLink(token) });
      } catch (error) {
        setOutcome({ ok: false, error });
      }
    });

  const password = loggedIn ? (
    <AppLink to="settings" suffix="#settings-password" className="btn btn-primary btn-lg rounded-pill w-100" data-testid="end-session-password">
      {t('endSession.changePassword')}
    </AppLink>
  ) : (
    <AppLink to="reset-password" className="btn btn-primary btn-lg rounded-pill w-100" data-testid="end-session-password">
      {t('endSession.newPassword')}
    </AppLink>
  );

  if (outcome && !outcome.ok) {
    return (
      <AuthCard icon="warning" title={t('endSession.failedTitle')}>
        <FormAlert testId="end-session-failed">{errorText(outcome.error)}</FormAlert>
        <AppLink to={loggedIn ? 'settings' : 'login'} className="btn btn-outline-primary btn-lg rounded-pill w-100">
          {loggedIn ? t('endSession.toSettings') : t('endSession.toLogin')}
        </AppLink>
      </AuthCard>
    );
  }

  if (outcome) {
    return (
      <AuthCard icon="check" title={t('endSession.doneTitle')}>
        <FormAlert variant="success" testId="end-session-done">
          {outcome.ended ? t('endSession.done') : t('endSession.endedAlready')}
        </FormAlert>
        <p>{t('endSession.passwordAdvice')}</p>
        {password}
      </AuthCard>
    );
  }

  return (
    <AuthCard icon="shield" title={t('endSession.title')} intro={t('endSession.intro')}>
      <button type="button" className="btn btn-danger btn-lg rounded-pill w-100 mb-3" onClick={end} disabled={busy} data-testid="end-session-confirm">
        {t('endSession.confirm')}
      </button>
      <p className="form-text mb-0">{t('endSession.wasMe')}</p>
    </AuthCard>
  );
}
