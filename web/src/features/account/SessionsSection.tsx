/**
 * Settings → Where you're signed in (issue 33.3): every open session with its device and
 * browser, the country it began in, when it began and when it was last used; this device
 * marked. Another session ends with one click (its pages are signed out at once), or all
 * the others together.
 */
import './sessions.scss';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatLongDate } from '../../shared/i18n/dates';
import { type Result, ResultAlert, RetryAlert } from '../../shared/ui/alerts';
import { useBusy, useErrorText } from '../../shared/ui/form';
import { Icon } from '../../shared/ui/icons';
import { Section } from '../../shared/ui/sections';
import { countryName } from '../../shared/site';
import { type SignInSession, sessionsApi } from './sessionsApi';

const MOBILE_SYSTEMS = new Set(['iOS', 'iPadOS', 'Android']);

function joined(...parts: (string | null | undefined)[]): string {
  return parts.filter(Boolean).join(' ');
}

/** "iPhone (iOS 17)", "Windows 10": what the browser says of the device (product names). */
function deviceName({ device }: SignInSession): string {
  const system = joined(device.system, device.system_version);
  if (device.device) return system ? `${device.device} (${system})` : device.device;
  return system;
}

function isMobile({ device }: SignInSession): boolean {
  return MOBILE_SYSTEMS.has(device.system ?? '') || (device.device !== null && device.device !== 'Mac');
}

function SessionRow({ session, onEnd }: { session: SignInSession; onEnd: (session: SignInSession) => Promise<void> }) {
  const { t, i18n } = useTranslation('account');
  const { errorText } = useErrorText();
  const { busy, run } = useBusy();
  const [error, setError] = useState<string | null>(null);
  const name = deviceName(session) || t('settings.sessions.unknownDevice');
  const browser = joined(session.device.browser, session.device.browser_version) || t('settings.sessions.unknownBrowser');
  const place = session.place.country ? countryName(session.place.country, i18n.language) : t('settings.sessions.unknownPlace');

  const end = () =>
    void run(async () => {
      setError(null);
      try {
        await onEnd(session);
      } catch (caught) {
        setError(errorText(caught));
      }
    });

  return (
    <li className={`sessions__item${session.current ? ' sessions__item--current' : ''}`} data-testid="session" data-current={session.current}>
      <div className="sessions__head">
        <span className="sessions__icon" aria-hidden="true">
          <Icon name={isMobile(session) ? 'mobile' : 'monitor'} size={20} />
        </span>
        <div className="sessions__text">
          <div className="sessions__name text-break">
            <span data-testid="session-device">{name}</span>
            {session.current && (
              <span className="badge rounded-pill text-bg-primary sessions__here" data-testid="session-current">
                {t('settings.sessions.thisDevice')}
              </span>
            )}
          </div>
          <div className="sessions__browser text-break" data-testid="session-browser">
            {browser}
          </div>
          <div className="sessions__meta">
            <span className="sessions__place" data-testid="session-place">
              <Icon name="mapPin" size={14} className="me-1" />
              {place}
            </span>
            <span aria-hidden="true"> · </span>
            {t('settings.sessions.since', { date: formatLongDate(session.started_at) })}
            <span aria-hidden="true"> · </span>
            <span data-testid="session-last-active">
              {session.current ? t('settings.sessions.activeNow') : t('settings.sessions.lastActive', { date: formatDateTime(session.last_active) })}
            </span>
          </div>
        </div>
        {!session.current && (
          <div className="sessions__actions">
            <button
              type="button"
              className="btn btn-sm btn-outline-danger rounded-pill"
              onClick={end}
              disabled={busy}
              aria-label={t('settings.sessions.endNamed', { device: name, browser })}
              data-testid="session-end"
            >
              {t('settings.sessions.end')}
            </button>
          </div>
        )}
      </div>
      {error && (
        <p className="sessions__error text-danger mb-0 mt-2" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}

export function SessionsSection() {
  const { t } = useTranslation('account');
  const { errorText } = useErrorText();
  const { busy, run } = useBusy();
  const [sessions, setSessions] = useState<SignInSession[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [result, setResult] = useState<Result>(null);
  const mounted = useRef(true);

  const fetchList = useCallback(() => {
    sessionsApi.list().then(
      (found) => mounted.current && setSessions(found),
      (caught: unknown) => mounted.current && setLoadError(errorText(caught)),
    );
  }, [errorText]);

  useEffect(() => {
    mounted.current = true;
    fetchList();
    return () => {
      mounted.current = false;
    };
  }, [fetchList]);

  const retry = () => {
    setLoadError(null);
    fetchList();
  };

  const endOne = async (session: SignInSession) => {
    setResult(null);
    await sessionsApi.end(session.id);
    setSessions((list) => (list ?? []).filter((item) => item.id !== session.id));
    setResult({ ok: true, text: t('settings.sessions.ended') });
  };

  const endOthers = () =>
    void run(async () => {
      setResult(null);
      try {
        const ended = await sessionsApi.endOthers();
        setSessions((list) => (list ?? []).filter((item) => item.current));
        setResult({ ok: true, text: t('settings.sessions.endedOthers', { count: ended }) });
      } catch (caught) {
        setResult({ ok: false, text: errorText(caught) });
      }
    });

  const others = (sessions ?? []).filter((session) => !session.current).length;
  return (
    <Section id="settings-sessions" icon="monitor" title={t('settings.sessions.title')} intro={t('settings.sessions.intro')}>
      <ResultAlert result={result} testId="sessions-result" />
      {loadError && <RetryAlert message={loadError} retryLabel={t('settings.sessions.retry')} onRetry={retry} testId="sessions-load-error" />}
      {sessions === null && !loadError && (
        <div className="text-center py-2" role="status">
          <span className="spinner-border spinner-border-sm text-primary" aria-hidden="true" />
          <span className="visually-hidden">{t('settings.sessions.loading')}</span>
        </div>
      )}
      {sessions !== null && (
        <ul className="sessions list-unstyled mb-0" data-testid="sessions">
          {sessions.map((session) => (
            <SessionRow key={session.id} session={session} onEnd={endOne} />
          ))}
        </ul>
      )}
      {others > 0 && (
        <div className="sessions__all">
          <button type="button" className="btn btn-outline-danger rounded-pill" onClick={endOthers} disabled={busy} data-testid="sessions-end-others">
            <Icon name="logout" size={18} className="me-2" />
            {t('settings.sessions.endOthers')}
          </button>
        </div>
      )}
    </Section>
  );
}
