import './push.scss';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../shared/ui/alerts';
import { Icon } from '../../shared/ui/icons';
import { pushErrorText } from '../../shared/push';
import { useSiteSettings } from '../../shared/site';
import { usePush } from '../../shared/push/pushStore';
import { useAddressContext } from '../../shared/session';

/** "Not now" is remembered in this browser: the step does not ask again. */
export const PUSH_STEP_DISMISSED_KEY = 'amora.pushStep.dismissed';

function wasDismissed(): boolean {
  try {
    return localStorage.getItem(PUSH_STEP_DISMISSED_KEY) !== null;
  } catch {
    return false;
  }
}

/**
 * The push-permission step after signup (CompleteSignupPage, signupSteps.pushPermission):
 * asks to allow notifications so the member hears of replies. Shows only while there is
 * something to ask: not once subscribed, blocked or turned down.
 */
export function PushPermissionStep() {
  const { t } = useTranslation('notifications');
  const tc = useTranslation('common').t;
  const context = useAddressContext();
  const { name: sitename } = useSiteSettings();
  const state = usePush((s) => s.state);
  const busy = usePush((s) => s.busy);
  // What this step itself did: the answer shows, while an earlier state just hides the step.
  const [asked, setAsked] = useState(false);
  const [dismissed, setDismissed] = useState(wasDismissed);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    void usePush.getState().check();
  }, []);

  if (dismissed || state === 'unknown' || state === 'unsupported') return null;
  if (!asked && state !== 'unsubscribed') return null;

  const allow = () => {
    setError(null);
    setAsked(true);
    usePush
      .getState()
      .subscribe()
      .catch((caught: unknown) => setError(caught));
  };
  const notNow = () => {
    try {
      localStorage.setItem(PUSH_STEP_DISMISSED_KEY, new Date().toISOString());
    } catch {
      // private mode: hidden for this visit only
    }
    setDismissed(true);
  };

  return (
    <section className="push-step" aria-labelledby="push-step-title" data-testid="push-step" data-state={state}>
      <div className="push-step__head">
        <span className="push-step__icon" aria-hidden="true">
          <Icon name="chat" size={22} />
        </span>
        <h2 className="push-step__title" id="push-step-title">
          {t('pushStep.title')}
        </h2>
      </div>
      {state === 'subscribed' ? (
        <FormAlert variant="success" testId="push-step-done">
          {t('pushStep.done')}
        </FormAlert>
      ) : state === 'denied' ? (
        <FormAlert variant="warning" icon="lock" testId="push-step-denied">
          {t('push.denied', { sitename, context })}
        </FormAlert>
      ) : (
        <>
          <p className="push-step__text">{t('pushStep.text', { sitename })}</p>
          {error !== null && <FormAlert testId="push-step-error">{pushErrorText(t, tc, error)}</FormAlert>}
          <div className="push-step__actions">
            <button type="button" className="btn btn-primary rounded-pill px-4" onClick={allow} disabled={busy} aria-busy={busy} data-testid="push-step-allow">
              {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
              {t('pushStep.allow')}
            </button>
            <button type="button" className="btn btn-link text-body-secondary" onClick={notNow} disabled={busy} data-testid="push-step-later">
              {t('pushStep.later')}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
