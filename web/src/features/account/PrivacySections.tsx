/**
 * Settings for privacy (issue 21): quiet mode, the three signals a member shares while
 * chatting, and the copy of one's data. Quiet mode is reciprocal, as the server applies
 * it: whoever hides a signal sees no one else's either.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addressContextOf } from '../../shared/i18n/address';
import type { User } from '../../shared/api/types';
import { FormAlert, type Result, ResultAlert } from '../../shared/ui/alerts';
import { SubmitButton } from '../../shared/ui/buttons';
import { CheckboxField, PasswordField } from '../../shared/ui/fields';
import { useBusy, useErrorText, useForm } from '../../shared/ui/form';
import { Section } from '../../shared/ui/sections';
import { ApiError } from '../../shared/api/errors';
import { useSession } from '../session';
import { accountApi } from './accountApi';
import { privacyApi } from './privacyApi';

const SIGNALS = ['share_typing', 'share_read_receipts', 'show_online'] as const;
type Signal = (typeof SIGNALS)[number];

export function QuietModeSection({ user }: { user: User }) {
  const { t } = useTranslation('account');
  const { errorText } = useErrorText();
  const setUser = useSession((s) => s.setUser);
  const { busy, run } = useBusy();
  const [error, setError] = useState<string | null>(null);

  const save = (signal: Signal, shared: boolean) =>
    void run(async () => {
      setError(null);
      try {
        setUser(await accountApi.updatePreferences({ [signal]: shared }));
      } catch (caught) {
        setError(errorText(caught));
      }
    });

  return (
    <Section id="settings-quiet" icon="chat" title={t('settings.quiet.title')} intro={t('settings.quiet.intro')}>
      <div className="d-grid gap-3">
        {SIGNALS.map((signal) => (
          <CheckboxField
            key={signal}
            id={`settings-quiet-${signal}`}
            className="form-switch settings-switch"
            role="switch"
            label={t(`settings.quiet.${signal}`)}
            checked={user[signal]}
            disabled={busy}
            onChecked={(checked) => save(signal, checked)}
            data-testid={`settings-${signal}`}
          >
            <div className="form-text">{t(`settings.quiet.${signal}_hint`, { context: addressContextOf(user.profile.gender) })}</div>
          </CheckboxField>
        ))}
      </div>
      <p className="form-text mt-3 mb-0" data-testid="settings-quiet-reciprocity">
        {t('settings.quiet.reciprocity')}
      </p>
      {error && <FormAlert>{error}</FormAlert>}
    </Section>
  );
}

/** "Download my data": the password again, then a job builds the ZIP and mails a link to it. */
export function DataExportSection() {
  const { t } = useTranslation('account');
  const { errorText } = useErrorText();
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState<Result>(null);
  const form = useForm({ initial: { password: '' }, order: ['password'], idPrefix: 'settings-export', clearOnEdit: 'all' });

  const submit = form.submit({
    check: ({ password }) => ({ password: password ? null : { code: 'password_required' } }),
    send: async ({ password }) => {
      setResult(null);
      await privacyApi.confirmPassword(password);
      await privacyApi.requestCopy();
      setResult({ ok: true, text: t('settings.export.mailed') });
      setOpen(false);
      form.setValues({ password: '' });
    },
    refused: (error) => {
      if (error instanceof ApiError && error.code === 'password_wrong') return { password: { code: 'password_wrong' } };
      setResult({ ok: false, text: errorText(error) });
      return 'handled';
    },
  });

  return (
    <Section id="settings-export" icon="lock" title={t('settings.export.title')} intro={t('settings.export.intro')}>
      <ResultAlert result={result} testId="settings-export-result" />
      {!open ? (
        <button
          type="button"
          className="btn btn-outline-primary rounded-pill"
          onClick={() => {
            setOpen(true);
            setResult(null);
          }}
          data-testid="settings-export-start"
        >
          {t('settings.export.start')}
        </button>
      ) : (
        <form onSubmit={submit} noValidate className="settings-form" aria-label={t('settings.export.start')}>
          <PasswordField
            label={t('fields.currentPassword')}
            hint={t('settings.export.passwordHint')}
            autoComplete="current-password"
            {...form.field('password')}
            maxLength={1000}
          />
          <div className="settings-form__actions">
            <SubmitButton busy={form.busy} className="btn btn-primary rounded-pill px-4" testId="settings-export-submit">
              {t('settings.export.submit')}
            </SubmitButton>
            <button type="button" className="btn btn-link" onClick={() => setOpen(false)}>
              {t('settings.cancel')}
            </button>
          </div>
        </form>
      )}
    </Section>
  );
}
