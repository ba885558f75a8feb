import '../../styles/sheets/account.scss';
import { type FormEvent, type ReactNode, useReducer, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { loginPath } from '../../shared/routing/guard';
import { pathTo, routeExists } from '../../shared/routing/paths';
import { ApiError } from '../../shared/api/errors';
import type { User } from '../../shared/api/types';
import { NATIVE_NAMES, isLanguage } from '../../shared/i18n/languages';
import { PageHeader } from '../../shared/ui/PageHeader';
import { Icon, type IconName } from '../../shared/ui/icons';
import { useSession } from '../session';
import { emailError, passwordError } from '../signup/validation';
import { useCompany, changeLanguage, useSettings, useSiteSettings } from '../site';
import { usePageTitle } from '../title';
import { accountApi, fieldErrorsOf } from './accountApi';
import { DELETE_REASONS, OTHER_DETAILS_MAX, canContinue, deletionReducer, initialDeletion, offersFor, reasonText } from './deletionFlow';
import { FormAlert } from '../../shared/ui/alerts';
import { SubmitButton } from '../../shared/ui/buttons';
import { PasswordField, TextField } from '../../shared/ui/fields';
import { useBusy, useErrorText } from '../../shared/ui/form';
import { Section, SectionNav } from '../../shared/ui/sections';

type Result = { ok: boolean; text: ReactNode } | null;

function ResultAlert({ result, testId }: { result: Result; testId?: string }) {
  if (!result) return null;
  return (
    <FormAlert variant={result.ok ? 'success' : 'danger'} testId={testId}>
      {result.text}
    </FormAlert>
  );
}

function EmailSection({ user }: { user: User }) {
  const { t } = useTranslation('account');
  const { errorText, fieldText } = useErrorText();
  const { busy, run } = useBusy();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<{ email?: string | null; password?: string | null }>({});
  const [result, setResult] = useState<Result>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = emailError(email) ? { code: 'new_email_invalid' } : null;
    setProblems({ email: fieldText(invalid), password: password ? null : fieldText({ code: 'password_required' }) });
    if (invalid || !password) return;
    setResult(null);
    void run(async () => {
      try {
        const address = email.trim();
        await accountApi.requestMailChange({ email: address, password });
        setResult({
          ok: true,
          text: <Trans t={t} i18nKey="settings.email.sent" values={{ email: address }} components={{ strong: <strong className="text-break" /> }} />,
        });
        setOpen(false);
        setEmail('');
        setPassword('');
      } catch (error) {
        const code = error instanceof ApiError ? error.code : '';
        if (code === 'new_email_invalid' || code === 'email_taken') setProblems({ email: fieldText({ code }) });
        else if (code === 'password_wrong') setProblems({ password: fieldText({ code }) });
        else setResult({ ok: false, text: errorText(error) });
      }
    });
  };

  return (
    <Section id="settings-email" icon="mail" title={t('settings.email.title')} intro={t('settings.email.intro')}>
      <div className="settings-row">
        <div>
          <div className="settings-row__label">{t('settings.email.current')}</div>
          <div className="settings-row__value text-break" data-testid="settings-email-current">
            {user.email}
          </div>
        </div>
        {!open && (
          <button
            type="button"
            className="btn btn-outline-primary rounded-pill"
            onClick={() => {
              setOpen(true);
              setResult(null);
            }}
            data-testid="settings-email-change"
          >
            {t('settings.email.change')}
          </button>
        )}
      </div>
      <ResultAlert result={result} testId="settings-email-result" />
      {open && (
        <form onSubmit={submit} noValidate className="settings-form" aria-label={t('settings.email.change')}>
          <TextField
            label={t('fields.newEmail')}
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="off"
            spellCheck={false}
            value={email}
            onValue={(value) => {
              setEmail(value);
              setProblems({});
            }}
            error={problems.email}
            maxLength={300}
            autoFocus
          />
          <PasswordField
            label={t('fields.currentPassword')}
            autoComplete="current-password"
            value={password}
            onValue={(value) => {
              setPassword(value);
              setProblems({});
            }}
            error={problems.password}
            hint={t('settings.email.passwordHint')}
            maxLength={1000}
          />
          <div className="settings-form__actions">
            <SubmitButton busy={busy} className="btn btn-primary rounded-pill px-4" testId="settings-email-submit">
              {t('settings.email.submit')}
            </SubmitButton>
            <button type="button" className="btn btn-link text-body-secondary" onClick={() => setOpen(false)}>
              {t('settings.cancel')}
            </button>
          </div>
        </form>
      )}
    </Section>
  );
}

function PasswordSection() {
  const { t } = useTranslation('account');
  const { errorText, fieldText } = useErrorText();
  const { busy, run } = useBusy();
  const user = useSession((s) => s.user);
  const { limits } = useSiteSettings();
  const [values, setValues] = useState({ old: '', next: '', repeat: '' });
  const [problems, setProblems] = useState<{ old?: string | null; next?: string | null; repeat?: string | null }>({});
  const [result, setResult] = useState<Result>(null);
  const set = (field: keyof typeof values) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setProblems({});
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const old = values.old ? null : { code: 'password_required' };
    const next = passwordError(values.next, limits, user ? [user.email, user.profile.name] : []);
    const repeat = !next && values.next !== values.repeat ? { code: 'passwords_differ' } : null;
    setProblems({ old: fieldText(old), next: fieldText(next), repeat: fieldText(repeat) });
    if (old || next || repeat) return;
    setResult(null);
    void run(async () => {
      try {
        await accountApi.changePassword({ old_password: values.old, new_password: values.next, repeat: values.repeat });
        setValues({ old: '', next: '', repeat: '' });
        setResult({ ok: true, text: t('settings.password.changed') });
      } catch (error) {
        const fields = fieldErrorsOf(error);
        const code = error instanceof ApiError ? error.code : '';
        if (fields.new_password) setProblems({ next: fieldText(fields.new_password) });
        else if (code === 'old_password_wrong') setProblems({ old: fieldText({ code }) });
        else if (code === 'passwords_differ') setProblems({ repeat: fieldText({ code }) });
        else setResult({ ok: false, text: errorText(error) });
      }
    });
  };

  return (
    <Section id="settings-password" icon="key" title={t('settings.password.title')} intro={t('settings.password.intro')}>
      <form onSubmit={submit} noValidate className="settings-form" aria-label={t('settings.password.title')}>
        <ResultAlert result={result} testId="settings-password-result" />
        <PasswordField
          label={t('fields.oldPassword')}
          autoComplete="current-password"
          value={values.old}
          onValue={set('old')}
          error={problems.old}
          maxLength={1000}
        />
        <div className="row g-3">
          <div className="col-md-6">
            <PasswordField
              label={t('fields.newPassword')}
              autoComplete="new-password"
              value={values.next}
              onValue={set('next')}
              error={problems.next}
              hint={t('signup.steps.password.hint', { min: limits.password_min })}
              maxLength={1000}
            />
          </div>
          <div className="col-md-6">
            <PasswordField
              label={t('fields.repeatPassword')}
              autoComplete="new-password"
              value={values.repeat}
              onValue={set('repeat')}
              error={problems.repeat}
              maxLength={1000}
            />
          </div>
        </div>
        <div className="settings-form__actions">
          <SubmitButton busy={busy} className="btn btn-primary rounded-pill px-4" testId="settings-password-submit">
            {t('settings.password.submit')}
          </SubmitButton>
        </div>
      </form>
    </Section>
  );
}

function LanguageSection() {
  const { t, i18n } = useTranslation('account');
  const { errorText } = useErrorText();
  const locales = useSettings((s) => s.settings?.locales ?? []).filter(isLanguage);
  const { busy, run } = useBusy();
  // Kept as a state, not a text: the confirmation must show in the language just chosen.
  const [status, setStatus] = useState<'saved' | { error: unknown } | null>(null);
  const current = isLanguage(i18n.language) ? i18n.language : '';

  const choose = (language: string) => {
    if (!isLanguage(language) || language === current) return;
    setStatus(null);
    void run(async () => {
      try {
        await changeLanguage(language);
        setStatus('saved');
      } catch (error) {
        setStatus({ error });
      }
    });
  };

  return (
    <Section id="settings-language" icon="globe" title={t('settings.language.title')} intro={t('settings.language.intro')}>
      <div className="settings-form">
        <div>
          <label htmlFor="settings-language-select" className="form-label">
            {t('settings.language.label')}
          </label>
          <div className="d-flex align-items-center gap-3">
            <select
              id="settings-language-select"
              className="form-select form-select-lg settings-language"
              value={current}
              onChange={(event) => choose(event.target.value)}
              disabled={busy}
              data-testid="settings-language"
            >
              {locales.map((language) => (
                <option key={language} value={language} lang={language}>
                  {NATIVE_NAMES[language]}
                </option>
              ))}
            </select>
            {busy && <span className="spinner-border spinner-border-sm text-primary" aria-hidden="true" />}
          </div>
        </div>
        {status && (
          <ResultAlert
            result={status === 'saved' ? { ok: true, text: t('settings.language.saved') } : { ok: false, text: errorText(status.error) }}
            testId="settings-language-result"
          />
        )}
      </div>
    </Section>
  );
}

/** The invisible-mode switch; also offered in the deletion flow. */
function useInvisible() {
  const { errorText } = useErrorText();
  const setUser = useSession((s) => s.setUser);
  const { busy, run } = useBusy();
  const [error, setError] = useState<string | null>(null);
  const save = (invisible: boolean) =>
    run(async () => {
      setError(null);
      try {
        setUser(await accountApi.updatePreferences({ invisible }));
        return true;
      } catch (caught) {
        setError(errorText(caught));
        return false;
      }
    });
  return { busy, error, save };
}

function InvisibleSection({ user }: { user: User }) {
  const { t } = useTranslation('account');
  const { busy, error, save } = useInvisible();
  return (
    <Section id="settings-invisible" icon="eyeOff" title={t('settings.invisible.title')} intro={t('settings.invisible.intro')}>
      <div className="form-check form-switch settings-switch">
        <input
          id="settings-invisible-switch"
          className="form-check-input"
          type="checkbox"
          role="switch"
          checked={user.invisible}
          disabled={busy}
          onChange={(event) => void save(event.target.checked)}
          data-testid="settings-invisible"
        />
        <label className="form-check-label" htmlFor="settings-invisible-switch">
          {t('settings.invisible.label')}
        </label>
        <div className="settings-switch__state" aria-live="polite">
          {user.invisible ? t('settings.invisible.on') : t('settings.invisible.off')}
        </div>
      </div>
      <ul className="settings-points">
        <li>{t('settings.invisible.point1')}</li>
        <li>{t('settings.invisible.point2')}</li>
        <li>{t('settings.invisible.point3')}</li>
      </ul>
      {error && <FormAlert>{error}</FormAlert>}
    </Section>
  );
}

function DeleteSection({ user }: { user: User }) {
  const { t } = useTranslation('account');
  const { errorText, fieldText } = useErrorText();
  const navigate = useNavigate();
  const company = useCompany((s) => s.company);
  const [state, dispatch] = useReducer(deletionReducer, initialDeletion);
  const invisible = useInvisible();
  const [keptInvisible, setKeptInvisible] = useState(false);
  const { busy, run } = useBusy();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const offers = offersFor({
    invisible: user.invisible && !keptInvisible,
    creditsRouteExists: routeExists('credits'),
    deleteDiscount: company?.delete_discount,
  });

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    setProblem(password ? null : fieldText({ code: 'password_required' }));
    if (!password) return;
    setError(null);
    void run(async () => {
      try {
        await accountApi.deleteAccount({ password, reason: reasonText(state) });
        // The server ended the session. The next screen asks who is logged in; forgetting
        // the member here would make this members-only screen send them to the login.
        navigate(pathTo('account-deleted'), { replace: true, state: { deleted: true } });
      } catch (caught) {
        if (caught instanceof ApiError && caught.code === 'password_wrong') setProblem(fieldText({ code: caught.code }));
        else setError(errorText(caught));
      }
    });
  };

  // The offer is real: claiming it puts the discount on the member's next order, once.
  const [stay, setStay] = useState<'spent' | null>(null);
  const claimStay = () => {
    setError(null);
    void run(async () => {
      try {
        const claimed = await accountApi.claimStayDiscount();
        if (claimed.spent) setStay('spent');
        else await navigate(pathTo('credits'));
      } catch (caught) {
        setError(errorText(caught));
      }
    });
  };

  const stepNumber = { closed: 0, reasons: 1, offers: 2, confirm: 3 }[state.step];
  return (
    <Section id="settings-delete" icon="trash" title={t('settings.delete.title')} intro={t('settings.delete.intro')} tone="danger">
      {state.step === 'closed' && (
        <button type="button" className="btn btn-outline-danger rounded-pill" onClick={() => dispatch({ type: 'start' })} data-testid="settings-delete-start">
          {t('settings.delete.start')}
        </button>
      )}

      {state.step !== 'closed' && (
        <div className="delete-flow" data-step={state.step}>
          <p className="delete-flow__progress">{t('settings.delete.progress', { step: stepNumber, total: 3 })}</p>

          {state.step === 'reasons' && (
            <fieldset>
              <legend className="delete-flow__title">{t('settings.delete.reasonsTitle')}</legend>
              <div className="delete-reasons">
                {DELETE_REASONS.map((reason) => (
                  <div key={reason} className="form-check delete-reasons__item">
                    <input
                      className="form-check-input"
                      type="radio"
                      name="delete-reason"
                      id={`delete-reason-${reason}`}
                      checked={state.reason === reason}
                      onChange={() => dispatch({ type: 'reason', reason })}
                    />
                    <label className="form-check-label" htmlFor={`delete-reason-${reason}`}>
                      {t(`settings.delete.reasons.${reason}`)}
                    </label>
                  </div>
                ))}
              </div>
              {state.reason === 'other' && (
                <div className="mt-3">
                  <label htmlFor="delete-details" className="form-label">
                    {t('settings.delete.detailsLabel')}
                  </label>
                  <textarea
                    id="delete-details"
                    className="form-control"
                    rows={3}
                    maxLength={OTHER_DETAILS_MAX}
                    value={state.details}
                    onChange={(event) => dispatch({ type: 'details', details: event.target.value })}
                    data-testid="settings-delete-details"
                  />
                </div>
              )}
            </fieldset>
          )}

          {state.step === 'offers' && (
            <div>
              <h3 className="delete-flow__title">{t('settings.delete.offersTitle')}</h3>
              <div className="delete-offers">
                {(offers.invisible || keptInvisible) && (
                  <div className="delete-offer">
                    <Icon name="eyeOff" size={24} className="delete-offer__icon" />
                    <div className="flex-grow-1">
                      <h4 className="delete-offer__title">{t('settings.delete.invisibleTitle')}</h4>
                      <p className="delete-offer__text">{t('settings.delete.invisibleText')}</p>
                      {keptInvisible ? (
                        <FormAlert variant="success" testId="settings-delete-invisible-done">
                          {t('settings.delete.invisibleDone')}
                        </FormAlert>
                      ) : (
                        <button
                          type="button"
                          className="btn btn-primary rounded-pill"
                          disabled={invisible.busy}
                          onClick={() => void invisible.save(true).then((ok) => ok && setKeptInvisible(true))}
                          data-testid="settings-delete-invisible"
                        >
                          {t('settings.delete.invisibleButton')}
                        </button>
                      )}
                      {invisible.error && <FormAlert>{invisible.error}</FormAlert>}
                    </div>
                  </div>
                )}
                {offers.discount !== null && (
                  <div className="delete-offer delete-offer--discount">
                    <span className="delete-offer__badge">−{offers.discount}%</span>
                    <div className="flex-grow-1">
                      <h4 className="delete-offer__title">{t('settings.delete.discountTitle', { discount: offers.discount })}</h4>
                      <p className="delete-offer__text">{t('settings.delete.discountText', { discount: offers.discount })}</p>
                      {stay === 'spent' ? (
                        <FormAlert variant="info" testId="settings-delete-discount-spent">
                          {t('settings.delete.discountSpent')}
                        </FormAlert>
                      ) : (
                        <button type="button" className="btn btn-outline-primary rounded-pill" disabled={busy} onClick={claimStay} data-testid="settings-delete-discount">
                          {t('settings.delete.discountButton')}
                        </button>
                      )}
                      {error && <FormAlert>{error}</FormAlert>}
                    </div>
                  </div>
                )}
                {!offers.invisible && !keptInvisible && offers.discount === null && (
                  <p className="text-body-secondary mb-0">{t('settings.delete.noOffers')}</p>
                )}
              </div>
            </div>
          )}

          {state.step === 'confirm' && (
            <form onSubmit={confirm} noValidate className="settings-form" aria-label={t('settings.delete.confirmTitle')}>
              <h3 className="delete-flow__title">{t('settings.delete.confirmTitle')}</h3>
              <ul className="settings-points settings-points--warning">
                <li>{t('settings.delete.warning1')}</li>
                <li>{t('settings.delete.warning2')}</li>
                <li>{t('settings.delete.warning3', { days: 14 })}</li>
              </ul>
              {error && <FormAlert>{error}</FormAlert>}
              <PasswordField
                label={t('fields.currentPassword')}
                autoComplete="current-password"
                value={password}
                onValue={(value) => {
                  setPassword(value);
                  setProblem(null);
                }}
                error={problem}
                maxLength={1000}
                autoFocus
              />
              <div className="settings-form__actions">
                <SubmitButton busy={busy} className="btn btn-danger rounded-pill px-4" testId="settings-delete-confirm">
                  {t('settings.delete.confirm')}
                </SubmitButton>
                <button type="button" className="btn btn-link text-body-secondary" onClick={() => dispatch({ type: 'back' })}>
                  {t('settings.back')}
                </button>
              </div>
            </form>
          )}

          {state.step !== 'confirm' && (
            <div className="settings-form__actions mt-4">
              {state.step === 'offers' ? (
                <button
                  key="keep"
                  type="button"
                  className="btn btn-primary rounded-pill px-4"
                  onClick={() => {
                    dispatch({ type: 'cancel' });
                    setKeptInvisible(false);
                  }}
                  data-testid="settings-delete-keep"
                >
                  {t('settings.delete.keep')}
                </button>
              ) : (
                <button key="cancel" type="button" className="btn btn-outline-dark rounded-pill px-4" onClick={() => dispatch({ type: 'cancel' })}>
                  {t('settings.cancel')}
                </button>
              )}
              <button
                type="button"
                className="btn btn-link text-danger"
                disabled={!canContinue(state)}
                onClick={() => dispatch({ type: 'next' })}
                data-testid="settings-delete-next"
              >
                {state.step === 'offers' ? t('settings.delete.continueDeleting') : t('settings.next')}
              </button>
            </div>
          )}
        </div>
      )}
    </Section>
  );
}

const SECTIONS: [string, IconName, string][] = [
  ['settings-email', 'mail', 'settings.email.title'],
  ['settings-password', 'key', 'settings.password.title'],
  ['settings-language', 'globe', 'settings.language.title'],
  ['settings-invisible', 'eyeOff', 'settings.invisible.title'],
  ['settings-delete', 'trash', 'settings.delete.title'],
];

/** /settings: e-mail, password, language, invisible mode and account deletion. */
export function SettingsPage() {
  const { t } = useTranslation('account');
  const user = useSession((s) => s.user);
  const location = useLocation();
  const multipleLanguages = useSettings((s) => (s.settings?.locales ?? []).length > 1);
  usePageTitle(t('settings.title'));
  // The session can end while the page is open (another tab logged out).
  if (!user) return <Navigate to={loginPath(location.pathname + location.search)} replace />;
  const sections = SECTIONS.filter(([id]) => id !== 'settings-language' || multipleLanguages);

  return (
    <>
      <PageHeader title={t('settings.title')} intro={t('settings.intro')} />
      <div className="container settings">
        <div className="row g-4 g-lg-5">
          <SectionNav label={t('settings.title')} sections={sections.map(([id, icon, title]) => [id, icon, t(title)])} />
          <div className="col-lg-9 d-grid gap-4">
            <EmailSection user={user} />
            <PasswordSection />
            {multipleLanguages && <LanguageSection />}
            <InvisibleSection user={user} />
            <DeleteSection user={user} />
          </div>
        </div>
      </div>
    </>
  );
}
