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
 * The link's unsubscribe, sent once when the page opens (again on retry), and "stop all
 * e-mail" from the same link.
 */
function useUnsubscribe() {
  const [query] = useSearchParams();
  const token = query.get('token') ?? '';
  const all = ['1', 'true'].includes(query.get('all') ?? '');
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<Outcome | null>(
    token ? null : { ok: false, error: new ApiError(400, 'unsubscribe_invalid') },
  );
  const [allError, setAllError] = useState<unknown>(null);
  const { busy, run } = useBusy();

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

  const retry = () => {
    setOutcome(null);
    setAttempt((n) => n + 1);
  };
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
  return { outcome, retry, all: { busy, error: allError, run: unsubscribeAll } };
}

type Unsubscribe = ReturnType<typeof useUnsubscribe>;

/** The link did not work: invalid (nothing to do), or failed (try again). */
function UnsubscribeFailed({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation('notifications');
  const { errorText } = useErrorText();
  const invalid = isInvalid(error);
  return (
    <AuthCard icon="warning" title={invalid ? t('unsubscribe.invalidTitle') : t('unsubscribe.failedTitle')}>
      {invalid ? (
        <FormAlert testId="unsubscribe-invalid">{t('unsubscribe.invalid')}</FormAlert>
      ) : (
        <RetryAlert message={errorText(error)} retryLabel={t('retry')} onRetry={retry} testId="unsubscribe-error" />
      )}
      <SettingsLink />
    </AuthCard>
  );
}

/** After one kind of mail stopped: the offer to stop all e-mail. */
function AllOffer({ busy, error, run }: Unsubscribe['all']) {
  const { t } = useTranslation('notifications');
  const { errorText } = useErrorText();
  return (
    <div className="unsubscribe-all">
      <p className="text-body-secondary mb-3">{t('unsubscribe.allOffer')}</p>
      <button type="button" className="btn btn-outline-primary btn-lg rounded-pill w-100" onClick={() => void run()} disabled={busy} aria-busy={busy} data-testid="unsubscribe-all">
        {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
        {t('unsubscribe.all')}
      </button>
      {error !== null && (
        <div className="mt-3">
          <FormAlert testId="unsubscribe-all-error">{isInvalid(error) ? t('unsubscribe.invalid') : errorText(error)}</FormAlert>
        </div>
      )}
    </div>
  );
}

/**
 * /unsubscribe?token=…[&all=1]: a mail's one-click unsubscribe. Stops the mails the
 * link was for (or all of them), and offers to stop all e-mail.
 */
export function UnsubscribePage() {
  const { t } = useTranslation('notifications');
  const { outcome, retry, all } = useUnsubscribe();
  usePageTitle(t('unsubscribe.title'));

  if (!outcome) {
    return (
      <div className="auth-page">
        <div className="auth-card" data-testid="unsubscribe-busy">
          <NotificationsSpinner label={t('unsubscribe.busy')} />
        </div>
      </div>
    );
  }
  if (!outcome.ok) return <UnsubscribeFailed error={outcome.error} retry={retry} />;

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
        <AllOffer {...all} />
      )}
      <SettingsLink />
    </AuthCard>
  );
}
