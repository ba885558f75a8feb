import '../../shared/ui/account.scss';
import './notifications.scss';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../shared/api/errors';
import { AuthCard } from '../../shared/ui/AuthCard';
import { FormAlert, RetryAlert } from '../../shared/ui/alerts';
import { useBusy, useErrorText } from '../../shared/ui/form';
import { AppLink } from '../../shared/routing/AppLink';
import { useIsLoggedIn } from '../../shared/session';
import { usePageTitle } from '../../shared/title';
import { type Unsubscribed, notificationsApi } from './notificationsApi';
import { NotificationsSpinner, preferenceLabel } from './notificationsUi';

type Outcome = { ok: true; answer: Unsubscribed } | { ok: false; error: unknown };

// One request per link, also when React runs the effect twice (StrictMode).
const attempts = new Map<string, Promise<Unsubscribed>>();

function unsubscribeOnce(token: string, all: boolean): Promise<Unsubscribed> {
  const key = `${all ? 'all' : 'one'}:${token}`;
  let attempt = attempts.get(key);
  if (!attempt) {
    attempt = notificationsApi.unsubscribe(token, all);
    attempts.set(key, attempt);
    // A failed attempt may be tried again (the retry button).
    attempt.catch(() => attempts.delete(key));
  }
  return attempt;
}

const isInvalid = (error: unknown) => error instanceof ApiError && error.code === 'unsubscribe_invalid';

/** To the notification settings; a visitor passes the login on the way. */
function SettingsLink() {
  const { t } = useTranslation('notifications');
  const loggedIn = useIsLoggedIn();
  return (
    <p className="auth-card__links">
      <AppLink to="notifications" data-testid="unsubscribe-settings">
        {loggedIn ? t('unsubscribe.manage') : t('unsubscribe.manageLogin')}
      </AppLink>
    </p>
  );
}

/**
 * /unsubscribe?token=…[&all=1]: a mail's one-click unsubscribe. Stops the mails the
 * link was for (or all of them), and offers to stop all e-mail.
 */
export function UnsubscribePage() {
  const { t } = useTranslation('notifications');
  const { errorText } = useErrorText();
  const [query] = useSearchParams();
  const token = query.get('token') ?? '';
  const all = ['1', 'true'].includes(query.get('all') ?? '');
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<Outcome | null>(
    token ? null : { ok: false, error: new ApiError(400, 'unsubscribe_invalid') },
  );
  const [allError, setAllError] = useState<unknown>(null);
  const { busy, run } = useBusy();
  usePageTitle(t('unsubscribe.title'));

  useEffect(() => {
    if (!token) return;
    let live = true;
    unsubscribeOnce(token, all).then(
      (answer) => live && setOutcome({ ok: true, answer }),
      (error: unknown) => live && setOutcome({ ok: false, error }),
    );
    return () => {
      live = false;
    };
  }, [token, all, attempt]);

  const unsubscribeAll = () =>
    run(async () => {
      setAllError(null);
      try {
        const answer = await notificationsApi.unsubscribe(token, true);
        setOutcome({ ok: true, answer: { ...answer, all: true } });
      } catch (error) {
        setAllError(error);
      }
    });

  if (!outcome) {
    return (
      <div className="auth-page">
        <div className="auth-card" data-testid="unsubscribe-busy">
          <NotificationsSpinner label={t('unsubscribe.busy')} />
        </div>
      </div>
    );
  }

  if (!outcome.ok) {
    const invalid = isInvalid(outcome.error);
    return (
      <AuthCard icon="warning" title={invalid ? t('unsubscribe.invalidTitle') : t('unsubscribe.failedTitle')}>
        {invalid ? (
          <FormAlert testId="unsubscribe-invalid">{t('unsubscribe.invalid')}</FormAlert>
        ) : (
          <RetryAlert
            message={errorText(outcome.error)}
            retryLabel={t('retry')}
            onRetry={() => {
              setOutcome(null);
              setAttempt((n) => n + 1);
            }}
            testId="unsubscribe-error"
          />
        )}
        <SettingsLink />
      </AuthCard>
    );
  }

  const { answer } = outcome;
  return (
    <AuthCard icon="check" title={t('unsubscribe.doneTitle')}>
      <FormAlert variant="success" testId="unsubscribe-done">
        {answer.all ? t('unsubscribe.doneAll') : t('unsubscribe.done', { preference: preferenceLabel(t, answer.preference) })}
      </FormAlert>
      {answer.all ? (
        <p className="text-body-secondary" data-testid="unsubscribe-all-note">
          {t('unsubscribe.allNote')}
        </p>
      ) : (
        <div className="unsubscribe-all">
          <p className="text-body-secondary mb-3">{t('unsubscribe.allOffer')}</p>
          <button
            type="button"
            className="btn btn-outline-primary btn-lg rounded-pill w-100"
            onClick={() => void unsubscribeAll()}
            disabled={busy}
            aria-busy={busy}
            data-testid="unsubscribe-all"
          >
            {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
            {t('unsubscribe.all')}
          </button>
          {allError !== null && (
            <div className="mt-3">
              <FormAlert testId="unsubscribe-all-error">{isInvalid(allError) ? t('unsubscribe.invalid') : errorText(allError)}</FormAlert>
            </div>
          )}
        </div>
      )}
      <SettingsLink />
    </AuthCard>
  );
}
