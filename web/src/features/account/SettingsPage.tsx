import '../../shared/ui/account.scss';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { loginPath } from '../../shared/routing/guard';
import { ApiError, fieldErrorsOf } from '../../shared/api/errors';
import type { User } from '../../shared/api/types';
import { AppLink } from '../../shared/routing/AppLink';
import { PageHeader } from '../../shared/ui/PageHeader';
import type { IconName } from '../../shared/ui/icons';
import { useAddressContext, useSession } from '../../shared/session';
import { emailError, passwordError } from '../../shared/credentials';
import { useSettings, useSiteSettings } from '../../shared/site';
import { usePageTitle } from '../../shared/title';
import { accountApi } from './accountApi';
import { DeleteSection } from './DeleteSection';
import { InvisibleSection, LanguageSection } from './PreferenceSections';
import { DataExportSection, QuietModeSection } from './PrivacySections';
import { StepUpCancelled, useConfirmItsYou } from '../../shared/stepUp';
import { SessionsSection } from './SessionsSection';
import { PasskeysSectionSlot } from './slots';
import { TwoFactorSection } from './TwoFactorSection';
import { type Result, ResultAlert } from '../../shared/ui/alerts';
import { SubmitButton } from '../../shared/ui/buttons';
import { focusOnAppear } from '../../shared/ui/focusOnAppear';
import { PasswordField, TextField } from '../../shared/ui/fields';
import { useErrorText, useForm } from '../../shared/ui/form';
import { Section, SectionNav } from '../../shared/ui/sections';

/** The address in use, with the button that opens the change. */
function CurrentEmail({ email, open, onChange }: { email: string; open: boolean; onChange: () => void }) {
  const { t } = useTranslation('account');
  return (
    <div className="settings-row">
      <div>
        <div className="settings-row__label">{t('settings.email.current')}</div>
        <div className="settings-row__value text-break" data-testid="settings-email-current">
          {email}
        </div>
      </div>
      {!open && (
        <button
          type="button"
          className="btn btn-outline-primary rounded-pill"
          onClick={onChange}
          data-testid="settings-email-change"
        >
          {t('settings.email.change')}
        </button>
      )}
    </div>
  );
}

function EmailSection({ user }: { user: User }) {
  const { t } = useTranslation('account');
  const { errorText } = useErrorText();
  const [open, setOpen] = useState(false);
  const form = useForm({ initial: { email: '' }, order: ['email'], idPrefix: 'settings-email', clearOnEdit: 'all' });
  const [result, setResult] = useState<Result>(null);
  // A step-up change (issue 33.5): the password is asked once, in "Confirm it's you", and
  // only when this session was not confirmed in the last 10 minutes.
  const { confirmed, dialog } = useConfirmItsYou();

  const submit = form.submit({
    check: ({ email }) => ({ email: emailError(email) ? { code: 'new_email_invalid' } : null }),
    send: async ({ email }) => {
      setResult(null);
      const address = email.trim();
      await confirmed(() => accountApi.requestMailChange({ email: address }));
      setResult({
        ok: true,
        text: <Trans t={t} i18nKey="settings.email.sent" values={{ email: address }} components={{ strong: <strong className="text-break" /> }} />,
      });
      setOpen(false);
      form.setValues({ email: '' });
    },
    refused: (error) => {
      if (error instanceof StepUpCancelled) return 'handled'; // closed: nothing happened
      const code = error instanceof ApiError ? error.code : '';
      if (code === 'new_email_invalid' || code === 'email_taken') return { email: { code } };
      setResult({ ok: false, text: errorText(error) });
      return 'handled';
    },
  });

  return (
    <Section id="settings-email" icon="mail" title={t('settings.email.title')} intro={t('settings.email.intro')}>
      <CurrentEmail
        email={user.email}
        open={open}
        onChange={() => {
          setOpen(true);
          setResult(null);
        }}
      />
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
            {...form.field('email')}
            maxLength={300}
            ref={focusOnAppear}
          />
          <div className="settings-form__actions">
            <SubmitButton busy={form.busy} className="btn btn-primary rounded-pill px-4" testId="settings-email-submit">
              {t('settings.email.submit')}
            </SubmitButton>
            <button type="button" className="btn btn-link text-body-secondary" onClick={() => setOpen(false)}>
              {t('settings.cancel')}
            </button>
          </div>
        </form>
      )}
      {dialog}
    </Section>
  );
}

function PasswordSection() {
  const context = useAddressContext();
  const { t } = useTranslation('account');
  const { errorText } = useErrorText();
  const user = useSession((s) => s.user);
  const { limits } = useSiteSettings();
  const form = useForm({ initial: { old: '', next: '', repeat: '' }, order: ['old', 'next', 'repeat'], idPrefix: 'settings-password', clearOnEdit: 'all' });
  const [result, setResult] = useState<Result>(null);

  const submit = form.submit({
    check: (values) => {
      const next = passwordError(values.next, limits, user ? [user.email, user.profile.name] : []);
      return {
        old: values.old ? null : { code: 'password_required' },
        next,
        repeat: !next && values.next !== values.repeat ? { code: 'passwords_differ' } : null,
      };
    },
    send: async (values) => {
      setResult(null);
      await accountApi.changePassword({ old_password: values.old, new_password: values.next, repeat: values.repeat });
      form.setValues({ old: '', next: '', repeat: '' });
      setResult({ ok: true, text: t('settings.password.changed') });
    },
    refused: (error) => {
      const fields = fieldErrorsOf(error);
      const code = error instanceof ApiError ? error.code : '';
      if (fields.new_password) return { next: fields.new_password };
      if (code === 'old_password_wrong') return { old: { code } };
      if (code === 'passwords_differ') return { repeat: { code } };
      setResult({ ok: false, text: errorText(error) });
      return 'handled';
    },
  });

  return (
    <Section id="settings-password" icon="key" title={t('settings.password.title')} intro={t('settings.password.intro', { context })}>
      <form onSubmit={submit} noValidate className="settings-form" aria-label={t('settings.password.title')}>
        <ResultAlert result={result} testId="settings-password-result" />
        <PasswordField
          label={t('fields.oldPassword')}
          autoComplete="current-password"
          {...form.field('old')}
          maxLength={1000}
        />
        <div className="row g-3">
          <div className="col-md-6">
            <PasswordField
              label={t('fields.newPassword')}
              autoComplete="new-password"
              {...form.field('next')}
              hint={t('signup.steps.password.hint', { min: limits.password_min })}
              maxLength={1000}
            />
          </div>
          <div className="col-md-6">
            <PasswordField
              label={t('fields.repeatPassword')}
              autoComplete="new-password"
              {...form.field('repeat')}
              maxLength={1000}
            />
          </div>
        </div>
        <div className="settings-form__actions">
          <SubmitButton busy={form.busy} className="btn btn-primary rounded-pill px-4" testId="settings-password-submit">
            {t('settings.password.submit')}
          </SubmitButton>
        </div>
      </form>
    </Section>
  );
}

/** Where the member reads the decisions that restricted them and contests them (issue 30.2). */
function DecisionsSection() {
  const { t } = useTranslation('account');
  return (
    <Section id="settings-decisions" icon="shield" title={t('settings.decisions.title')} intro={t('settings.decisions.intro')}>
      <AppLink to="decisions" className="btn btn-outline-primary rounded-pill" data-testid="settings-decisions">
        {t('settings.decisions.open')}
      </AppLink>
    </Section>
  );
}

const SECTIONS: [string, IconName, string][] = [
  ['settings-email', 'mail', 'settings.email.title'],
  ['settings-password', 'key', 'settings.password.title'],
  ['settings-passkeys', 'key', 'passkeys.title'],
  ['settings-two-factor', 'phone', 'settings.twoFactor.title'],
  ['settings-sessions', 'monitor', 'settings.sessions.title'],
  ['settings-language', 'globe', 'settings.language.title'],
  ['settings-invisible', 'eyeOff', 'settings.invisible.title'],
  ['settings-quiet', 'chat', 'settings.quiet.title'],
  ['settings-export', 'lock', 'settings.export.title'],
  ['settings-decisions', 'shield', 'settings.decisions.title'],
  ['settings-delete', 'trash', 'settings.delete.title'],
];

/** /settings: e-mail, password, language, invisible mode, quiet mode, the copy of one's
 * data and account deletion. */
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
            <PasskeysSectionSlot />
            <TwoFactorSection user={user} />
            <SessionsSection />
            {multipleLanguages && <LanguageSection />}
            <InvisibleSection user={user} />
            <QuietModeSection user={user} />
            <DataExportSection />
            <DecisionsSection />
            <DeleteSection user={user} />
          </div>
        </div>
      </div>
    </>
  );
}
