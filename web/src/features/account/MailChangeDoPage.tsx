import '../../shared/ui/account.scss';
import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../shared/api/errors';
import type { User } from '../../shared/api/types';
import { AppLink } from '../../shared/routing/AppLink';
import { useSession } from '../../shared/session';
import { usePageTitle } from '../../shared/title';
import { accountApi } from './accountApi';
import { AuthCard } from '../../shared/ui/AuthCard';
import { FormAlert } from '../../shared/ui/alerts';
import { useErrorText } from '../../shared/ui/form';

type Outcome = { ok: true; user: User | null } | { ok: false; error: unknown };

// One request per token, also when React runs the effect twice (StrictMode).
const attempts = new Map<string, Promise<User | null>>();

/** /mail-change/do?token=…: confirms the new address and says how it went. */
export function MailChangeDoPage() {
  const { t } = useTranslation('account');
  const { errorText } = useErrorText();
  const [query] = useSearchParams();
  const token = query.get('token') ?? '';
  const loggedIn = useSession((s) => s.user !== null);
  const [outcome, setOutcome] = useState<Outcome | null>(
    token ? null : { ok: false, error: new ApiError(400, 'mail_change_link_invalid') },
  );
  usePageTitle(t('mailChange.title'));

  useEffect(() => {
    if (!token) return;
    let live = true;
    let attempt = attempts.get(token);
    if (!attempt) {
      attempt = accountApi.confirmMailChange(token);
      attempts.set(token, attempt);
    }
    attempt.then(
      (user) => {
        if (user && useSession.getState().user?.id === user.id) useSession.getState().setUser(user);
        if (live) setOutcome({ ok: true, user });
      },
      (error: unknown) => live && setOutcome({ ok: false, error }),
    );
    return () => {
      live = false;
    };
  }, [token]);

  if (!outcome) {
    return (
      <div className="auth-page">
        <div className="auth-card text-center" role="status">
          <span className="spinner-border text-primary mb-3" aria-hidden="true" />
          <p className="mb-0">{t('mailChange.busy')}</p>
        </div>
      </div>
    );
  }

  if (!outcome.ok) {
    return (
      <AuthCard icon="warning" title={t('mailChange.failedTitle')}>
        <FormAlert testId="mail-change-failed">{errorText(outcome.error)}</FormAlert>
        <AppLink to={loggedIn ? 'settings' : 'login'} className="btn btn-primary btn-lg rounded-pill w-100">
          {loggedIn ? t('mailChange.toSettings') : t('mailChange.toLogin')}
        </AppLink>
      </AuthCard>
    );
  }

  return (
    <AuthCard icon="check" title={t('mailChange.doneTitle')}>
      <FormAlert variant="success" testId="mail-change-done">
        {outcome.user ? (
          <Trans t={t} i18nKey="mailChange.doneTo" values={{ email: outcome.user.email }} components={{ strong: <strong className="text-break" /> }} />
        ) : (
          t('mailChange.done')
        )}
      </FormAlert>
      <AppLink to={loggedIn ? 'settings' : 'login'} className="btn btn-primary btn-lg rounded-pill w-100">
        {loggedIn ? t('mailChange.toSettings') : t('mailChange.toLogin')}
      </AppLink>
    </AuthCard>
  );
}
