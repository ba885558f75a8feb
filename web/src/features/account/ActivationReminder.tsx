import { useEffect, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { translateError } from '../../shared/i18n/translateError';
import { PlainModal } from '../../shared/ui/PlainModal';
import { useAlerts } from '../alerts';
import { Icon } from '../../shared/ui/icons';
import { useSession } from '../session';
import { ACTIVATION_ALERT_ID, REMINDER_SNOOZE_MS, SIGNUP_COMPLETE_PARAM, activationReminderMode } from './activationReminder';
import { accountApi } from './accountApi';

async function resend(onDone: (ok: boolean, text: string) => void, t: ReturnType<typeof useTranslation>['t'], email: string) {
  try {
    await accountApi.resendActivation();
    onDone(true, t('activation.resent', { email }));
  } catch (error) {
    onDone(false, translateError(t, error));
  }
}

/** Shows the activation reminder as an alert or a modal, per activationReminderMode. */
export function ActivationReminder() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const location = useLocation();
  const navigate = useNavigate();
  const dismissedAt = useAlerts((s) => s.dismissals[ACTIVATION_ALERT_ID] ?? null);
  const [modalResult, setModalResult] = useState<{ ok: boolean; text: string } | null>(null);
  // The time the snooze is judged by: read when this shows, and again when a snooze ends.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (dismissedAt === null) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, dismissedAt + REMINDER_SNOOZE_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [dismissedAt]);
  const mode = activationReminderMode({
    user,
    pathname: location.pathname,
    search: location.search,
    dismissedAt,
    now,
  });
  const email = user?.email ?? '';

  // Before the browser paints: an alert added after the first paint would push the page down.
  useLayoutEffect(() => {
    const alerts = useAlerts.getState();
    if (mode !== 'alert') {
      alerts.hide(ACTIVATION_ALERT_ID);
      return;
    }
    const showResult = (ok: boolean, text: string) =>
      useAlerts.getState().show({
        id: ACTIVATION_ALERT_ID,
        variant: ok ? 'success' : 'danger',
        message: 'activation.plain',
        values: { text },
      });
    alerts.show({
      id: ACTIVATION_ALERT_ID,
      variant: 'warning',
      message: 'activation.alert',
      values: { email },
      action: {
        label: 'activation.resend',
        testId: 'activation-alert-resend',
        onClick: () => void resend(showResult, t, email),
      },
    });
  }, [mode, email, t]);

  if (mode !== 'modal') return null;

  const close = () => {
    const query = new URLSearchParams(location.search);
    query.delete(SIGNUP_COMPLETE_PARAM);
    const search = query.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true });
  };

  return (
    <PlainModal onHide={close} aria-labelledby="activation-modal-title" className="activation-modal">
      <div className="modal-body p-4 p-sm-5 text-center">
        <div className="activation-modal__icon" aria-hidden="true">
          <Icon name="mail" size={30} />
        </div>
        <h2 id="activation-modal-title" className="h3 mb-3">
          {t('activation.modalTitle')}
        </h2>
        <p>{t('activation.modalText', { email })}</p>
        {modalResult && (
          <div className={`alert alert-${modalResult.ok ? 'success' : 'danger'} small`} role="status">
            {modalResult.text}
          </div>
        )}
        <div className="d-grid gap-2 mt-4">
          <button type="button" className="btn btn-primary btn-lg rounded-pill" onClick={close}>
            {t('activation.ok')}
          </button>
          <button
            type="button"
            className="btn btn-link text-body-secondary"
            onClick={() => void resend((ok, text) => setModalResult({ ok, text }), t, email)}
            data-testid="activation-modal-resend"
          >
            {t('activation.resend')}
          </button>
        </div>
      </div>
    </PlainModal>
  );
}
