import '../../shared/ui/account.scss';
import './notifications.scss';
import { useEffect, useId, useReducer, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { loginPath } from '../../shared/routing/guard';
import { switchLanguage } from '../../shared/i18n/i18n';
import { LANGUAGES, type Language, NATIVE_NAMES, isLanguage } from '../../shared/i18n/languages';
import { PageHeader } from '../../shared/ui/PageHeader';
import { FormAlert, RetryAlert } from '../../shared/ui/alerts';
import { useErrorText } from '../../shared/ui/form';
import { Section, SectionNav } from '../../shared/ui/sections';
import { AppLink } from '../../shared/routing/AppLink';
import { Icon, type IconName } from '../../shared/ui/icons';
import { usePush, pushErrorText } from '../../shared/push';
import { useAddressContext, useSession } from '../../shared/session';
import { useLoad } from '../../shared/api/useLoad';
import { useSettings, useSiteSettings } from '../../shared/site';
import { usePageTitle } from '../../shared/title';
import { type MailOff, type Notifications, type NotificationsChange, type PreferenceKey, notificationsApi } from './notificationsApi';
import { NotificationsSpinner, PREFERENCE_GROUPS } from './notificationsUi';
import { type ControlId, type SaveStatus, type SettingsAction, type SettingsState, initialSettings, settingsReducer, shownSettings } from './settingsState';

/** How long "Saved" stays next to a control. */
export const SAVED_VISIBLE_MS = 2500;

/** The interface follows the member's language, where the site offers it. */
async function showInLanguage(language: Language): Promise<void> {
  const locales = useSettings.getState().settings?.locales ?? [];
  if (locales.length > 0 && !locales.includes(language)) return;
  await switchLanguage(language);
  await useSettings
    .getState()
    .load(language)
    .catch(() => undefined);
  const { user, setUser } = useSession.getState();
  if (user && user.language !== language) setUser({ ...user, language });
}

/** "Saving…" / "Saved" next to a control, read out politely; empty otherwise. */
function SaveState({ status, testId }: { status: SaveStatus | undefined; testId: string }) {
  const { t } = useTranslation('notifications');
  return (
    <span className={`save-state save-state--${status?.phase ?? 'idle'}`} role="status" data-testid={testId}>
      {status?.phase === 'saving' && t('saving')}
      {status?.phase === 'saved' && (
        <>
          <Icon name="check" size={16} />
          {t('saved')}
        </>
      )}
    </span>
  );
}

function PreferenceSwitch({
  name,
  checked,
  status,
  onChange,
}: {
  name: PreferenceKey;
  checked: boolean;
  status: SaveStatus | undefined;
  onChange: (value: boolean) => void;
}) {
  const { t } = useTranslation('notifications');
  const { errorText } = useErrorText();
  const id = useId();
  const label = t(`preferences.${name}.label`);
  return (
    <li className="pref-row" data-testid={`pref-row-${name}`}>
      <div className="pref-row__main">
        <div className="pref-row__text">
          <label className="pref-row__label" htmlFor={id}>
            {label}
          </label>
          <p className="pref-row__description" id={`${id}-description`}>
            {t(`preferences.${name}.description`)}
          </p>
        </div>
        <SaveState status={status} testId={`pref-status-${name}`} />
        <div className="form-check form-switch pref-row__switch">
          <input
            id={id}
            className="form-check-input"
            type="checkbox"
            role="switch"
            checked={checked}
            aria-describedby={`${id}-description`}
            aria-busy={status?.phase === 'saving'}
            onChange={(event) => onChange(event.target.checked)}
            data-testid={`pref-${name}`}
          />
        </div>
      </div>
      {status?.phase === 'failed' && (
        <FormAlert testId={`pref-error-${name}`}>
          {t('saveFailed', { preference: label })} {errorText(status.error)}
        </FormAlert>
      )}
    </li>
  );
}

const MAIL_OFF_ICON: Record<MailOff, IconName> = { fbl: 'shield', bounce: 'warning', unsubscribed: 'mail' };

/** E-mail is off as a whole: why, and the way back. */
function MailOffAlert({
  reason,
  email,
  status,
  onTurnOn,
}: {
  reason: MailOff;
  email: string;
  status: SaveStatus | undefined;
  onTurnOn: () => void;
}) {
  const { t } = useTranslation('notifications');
  const { errorText } = useErrorText();
  const context = useAddressContext();
  const saving = status?.phase === 'saving';
  return (
    <section className="mail-off" role="alert" aria-labelledby="mail-off-title" data-testid="mail-off" data-reason={reason}>
      <span className="mail-off__icon" aria-hidden="true">
        <Icon name={MAIL_OFF_ICON[reason]} size={26} />
      </span>
      <div className="mail-off__body">
        <h2 className="mail-off__title" id="mail-off-title">
          {t('mailOff.title')}
        </h2>
        <p className="mail-off__text" data-testid="mail-off-text">
          {reason === 'bounce' ? (
            <Trans
              t={t}
              i18nKey="mailOff.bounce"
              values={{ email }}
              components={{ strong: <strong className="text-break" />, settings: <AppLink to="settings" /> }}
            />
          ) : (
            t(`mailOff.${reason}`, { context })
          )}
        </p>
        <button type="button" className="btn btn-primary rounded-pill px-4" onClick={onTurnOn} disabled={saving} aria-busy={saving} data-testid="mail-on">
          {saving && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          {t('mailOff.turnOn')}
        </button>
        {status?.phase === 'failed' && (
          <p className="mail-off__error" data-testid="mail-on-error">
            {errorText(status.error)}
          </p>
        )}
      </div>
    </section>
  );
}

/** Web push on this device: its state and the one thing to do about it. */
function PushSection() {
  const { t } = useTranslation('notifications');
  const context = useAddressContext();
  const tc = useTranslation('common').t;
  const { name: sitename, push_public_key: key } = useSiteSettings();
  const state = usePush((s) => s.state);
  const busy = usePush((s) => s.busy);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    void usePush.getState().check();
    // Notifications may be allowed or blocked in the browser's settings meanwhile.
    const onVisible = () => document.visibilityState === 'visible' && void usePush.getState().check();
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);

  const run = (task: () => Promise<unknown>) => {
    setError(null);
    task().catch((caught: unknown) => setError(caught));
  };

  const button = (label: string, task: () => Promise<unknown>, className: string, testId: string) => (
    <button type="button" className={`btn rounded-pill px-4 ${className}`} onClick={() => run(task)} disabled={busy} aria-busy={busy} data-testid={testId}>
      {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
      {label}
    </button>
  );

  return (
    <Section id="notifications-push" icon="phone" title={t('push.title')} intro={t('push.intro', { sitename })}>
      <div className="push-state" data-testid="push-state" data-state={state}>
        {state === 'unknown' && <NotificationsSpinner label={t('push.checking')} />}
        {state === 'unsupported' && (
          <p className="push-state__text" data-testid="push-unsupported">
            {key ? t('push.unsupported') : t('push.unavailable', { sitename })}
          </p>
        )}
        {state === 'unsubscribed' && (
          <div className="settings-row">
            <div>
              <div className="settings-row__label">{t('push.thisDevice')}</div>
              <div className="settings-row__value">{t('push.off')}</div>
            </div>
            {button(t('push.turnOn'), () => usePush.getState().subscribe(), 'btn-primary', 'push-subscribe')}
          </div>
        )}
        {state === 'subscribed' && (
          <div className="settings-row">
            <div>
              <div className="settings-row__label">{t('push.thisDevice')}</div>
              <div className="settings-row__value push-state__on">
                <Icon name="check" size={18} /> {t('push.on')}
              </div>
            </div>
            {button(t('push.turnOff'), () => usePush.getState().unsubscribe(), 'btn-outline-primary', 'push-unsubscribe')}
          </div>
        )}
        {state === 'denied' && (
          <FormAlert variant="warning" icon="lock" testId="push-denied">
            <strong className="d-block mb-1">{t('push.deniedTitle')}</strong>
            {t('push.denied', { sitename, context })}
          </FormAlert>
        )}
      </div>
      {state === 'subscribed' || state === 'unsubscribed' ? <p className="push-state__hint">{t('push.hint')}</p> : null}
      {error !== null && <FormAlert testId="push-error">{pushErrorText(t, tc, error)}</FormAlert>}
    </Section>
  );
}

function LanguageSection({
  language,
  status,
  onChange,
}: {
  language: string;
  status: SaveStatus | undefined;
  onChange: (language: Language) => void;
}) {
  const { t } = useTranslation('notifications');
  const { errorText } = useErrorText();
  return (
    <Section id="notifications-language" icon="globe" title={t('language.title')} intro={t('language.intro')}>
      <label htmlFor="notifications-language-select" className="form-label">
        {t('language.label')}
      </label>
      <div className="notifications-language">
        <select
          id="notifications-language-select"
          className="form-select form-select-lg"
          value={language}
          onChange={(event) => isLanguage(event.target.value) && onChange(event.target.value)}
          data-testid="notifications-language"
        >
          {LANGUAGES.map((lang) => (
            <option key={lang} value={lang} lang={lang}>
              {NATIVE_NAMES[lang]}
            </option>
          ))}
        </select>
        <SaveState status={status} testId="language-status" />
      </div>
      {status?.phase === 'failed' && <FormAlert testId="language-error">{errorText(status.error)}</FormAlert>}
    </Section>
  );
}

type Dispatch = (action: SettingsAction) => void;

/**
 * "Saved" goes away after a moment; the next change starts its own. The mail's "back on"
 * message stays: it replaces the alert. Returns `settle`, which a new save of a control
 * calls to drop its pending fade.
 */
function useSavedFades(status: SettingsState['status'], dispatch: Dispatch) {
  const timers = useRef(new Map<ControlId, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    for (const [control, saved] of Object.entries(status) as [ControlId, SaveStatus][]) {
      if (control === 'mail' || saved.phase !== 'saved' || timers.current.has(control)) continue;
      timers.current.set(
        control,
        setTimeout(() => {
          timers.current.delete(control);
          dispatch({ type: 'settled', control });
        }, SAVED_VISIBLE_MS),
      );
    }
  }, [status, dispatch]);
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);
  return (control: ControlId) => {
    const timer = timers.current.get(control);
    if (timer !== undefined) clearTimeout(timer);
    timers.current.delete(control);
  };
}

/**
 * The settings as shown and their changes: each shows at once, is sent, and the answer
 * (or failure) of the latest request for a control wins.
 */
function useNotificationSettings(initial: Notifications) {
  const [state, dispatch] = useReducer(settingsReducer, initial, initialSettings);
  const requests = useRef(0);
  const shown = shownSettings(state);
  const settle = useSavedFades(state.status, dispatch);

  const save = (control: ControlId, change: NotificationsChange, request: number, then?: () => Promise<void>) => {
    settle(control);
    notificationsApi.update(change).then(
      async (answer) => {
        dispatch({ type: 'answer', control, answer, request });
        await then?.();
      },
      (error: unknown) => dispatch({ type: 'failed', control, error, request }),
    );
  };
  const toggle = (key: PreferenceKey, value: boolean) => {
    const request = ++requests.current;
    dispatch({ type: 'change', key, value, request });
    save(key, { preferences: { [key]: value } }, request);
  };
  const chooseLanguage = (language: Language) => {
    if (language === shown.language) return;
    const request = ++requests.current;
    dispatch({ type: 'language', value: language, request });
    save('language', { language }, request, () => showInLanguage(language).catch(() => undefined));
  };
  const turnMailOn = () => {
    const request = ++requests.current;
    dispatch({ type: 'mail', request });
    save('mail', { mail_on: true }, request, async () => {
      // The member's record says why mail was off; it is on again now.
      const { user, setUser } = useSession.getState();
      if (user && user.notifications_disabled.length > 0) setUser({ ...user, notifications_disabled: [] });
    });
  };
  return { state, shown, toggle, chooseLanguage, turnMailOn };
}

/** The e-mail topics by group, each a switch. */
function TopicsSection({ preferences, status, onToggle }: { preferences: Notifications['preferences']; status: SettingsState['status']; onToggle: (key: PreferenceKey, value: boolean) => void }) {
  const { t } = useTranslation('notifications');
  const context = useAddressContext();
  const { name: sitename } = useSiteSettings();
  return (
    <Section id="notifications-topics" icon="mail" title={t('topics.title')} intro={t('topics.intro', { context })}>
      <div className="pref-groups">
        {PREFERENCE_GROUPS.map((group) => (
          <fieldset key={group.id} className="pref-group" data-testid={`pref-group-${group.id}`}>
            <legend className="pref-group__title">
              <Icon name={group.icon} size={18} />
              {t(`groups.${group.id}`, { sitename })}
            </legend>
            <ul className="pref-group__list">
              {group.keys.map((key) => (
                <PreferenceSwitch key={key} name={key} checked={preferences[key] ?? true} status={status[key]} onChange={(value) => onToggle(key, value)} />
              ))}
            </ul>
          </fieldset>
        ))}
      </div>
    </Section>
  );
}

/** The loaded settings: the mail-off alert, the preferences, push and the language. */
function NotificationSettings({ initial }: { initial: Notifications }) {
  const { t } = useTranslation('notifications');
  const { state, shown, toggle, chooseLanguage, turnMailOn } = useNotificationSettings(initial);
  const mailBackOn = !shown.mail_off && state.status.mail?.phase === 'saved';
  return (
    <>
      {shown.mail_off && (
        <MailOffAlert reason={shown.mail_off} email={shown.email} status={state.status.mail} onTurnOn={turnMailOn} />
      )}
      {mailBackOn && (
        <FormAlert variant="success" testId="mail-on-done">
          {t('mailOff.done', { email: shown.email })}
        </FormAlert>
      )}
      <div className="row g-4 g-lg-5">
        <SectionNav
          label={t('title')}
          sections={[
            ['notifications-topics', 'mail', t('topics.title')],
            ['notifications-push', 'phone', t('push.title')],
            ['notifications-language', 'globe', t('language.title')],
          ]}
        />
        <div className="col-lg-9 d-grid gap-4">
          <TopicsSection preferences={shown.preferences} status={state.status} onToggle={toggle} />
          <PushSection />
          <LanguageSection language={shown.language} status={state.status.language} onChange={chooseLanguage} />
        </div>
      </div>
    </>
  );
}

/** /notifications: what we tell the member about, by e-mail and push, and in which language. */
export function NotificationsPage() {
  const { t } = useTranslation('notifications');
  const { errorText } = useErrorText();
  const user = useSession((s) => s.user);
  const location = useLocation();
  const loaded = useLoad((signal) => notificationsApi.get(signal), 'notifications');
  usePageTitle(t('title'));
  // The session can end while the page is open (another tab logged out).
  if (!user) return <Navigate to={loginPath(location.pathname + location.search)} replace />;

  return (
    <>
      <PageHeader title={t('title')} intro={t('intro')} />
      <div className="container notifications" data-testid="notifications-page">
        {loaded.phase === 'loading' && <NotificationsSpinner label={t('loading')} testId="notifications-loading" />}
        {loaded.phase === 'error' && (
          <RetryAlert message={errorText(loaded.error)} retryLabel={t('retry')} onRetry={loaded.reload} testId="notifications-error" />
        )}
        {loaded.phase === 'done' && <NotificationSettings initial={loaded.data} />}
      </div>
    </>
  );
}
