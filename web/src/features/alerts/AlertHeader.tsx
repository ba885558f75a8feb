import { useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAlerts } from '../../shared/alerts/alertsStore';

/**
 * The alerts, following the store from before the first paint: an alert that a feature
 * shows while the page first renders (the activation reminder, from a layout effect)
 * appears in that same frame, instead of one frame later pushing the page down.
 */
function useAlertsBeforePaint() {
  const [alerts, setAlerts] = useState(() => useAlerts.getState().alerts);
  useLayoutEffect(() => {
    const update = () => setAlerts(useAlerts.getState().alerts);
    update();
    return useAlerts.subscribe(update);
  }, []);
  return alerts;
}

/** The alert area under the top navigation (activation reminder and the like). */
export function AlertHeader() {
  const { t } = useTranslation();
  const alerts = useAlertsBeforePaint();
  const dismiss = useAlerts((s) => s.dismiss);
  if (alerts.length === 0) return null;
  return (
    <div className="alert-header container" role="region" aria-label={t('alerts.region')}>
      {alerts.map((alert) => (
        <div key={alert.id} className={`alert alert-${alert.variant} d-flex align-items-start gap-3 mb-2`} role="alert">
          <div className="flex-grow-1 alert-header__body">
            <span>{t(alert.message, alert.values)}</span>
            {alert.action && (
              <button
                type="button"
                className={`btn btn-sm rounded-pill btn-outline-${alert.variant === 'warning' ? 'dark' : alert.variant} alert-header__action`}
                onClick={alert.action.onClick}
                data-testid={alert.action.testId}
              >
                {t(alert.action.label)}
              </button>
            )}
          </div>
          {alert.dismissible !== false && (
            <button type="button" className="btn-close" aria-label={t('alerts.dismiss')} onClick={() => dismiss(alert.id)} />
          )}
        </div>
      ))}
    </div>
  );
}
