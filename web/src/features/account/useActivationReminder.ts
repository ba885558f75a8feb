import { useEffect, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useAlerts } from '../../shared/alerts/alertsStore';
import { useSession } from '../../shared/session';
import { ACTIVATION_ALERT_ID, REMINDER_SNOOZE_MS, activationReminderMode, type ReminderMode } from './activationReminder';

/**
 * How the activation reminder shows now (activationReminderMode), with the alert put in
 * the alert header before the browser paints: part of the first screen, since an alert
 * added later would push the page down. Only the modal waits for a chunk of its own.
 */
export function useActivationReminder(): { mode: ReminderMode; email: string } {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const location = useLocation();
  const dismissedAt = useAlerts((s) => s.dismissals[ACTIVATION_ALERT_ID] ?? null);
  // The time the snooze is judged by: read when this shows, and again when a snooze ends.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (dismissedAt === null) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, dismissedAt + REMINDER_SNOOZE_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [dismissedAt]);
  const mode = activationReminderMode({ user, pathname: location.pathname, search: location.search, dismissedAt, now });
  const email = user?.email ?? '';

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
        // Loaded when clicked: the first screen need not carry it.
        onClick: () => void import('../../shared/activation/resendActivation').then((module) => module.resendActivation(showResult, t, email)),
      },
    });
  }, [mode, email, t]);

  return { mode, email };
}
