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
import { CheckboxField } from '../../shared/ui/fields';
import { useBusy, useErrorText } from '../../shared/ui/form';
import { Section } from '../../shared/ui/sections';
import { useSession } from '../../shared/session';
import { accountApi } from './accountApi';
import { StepUpCancelled, useConfirmItsYou } from '../../shared/stepUp';
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

/** "Download my data": a job builds the ZIP and mails a link to it. A step-up change (issue
 * 33.5): "Confirm it's you" asks for the password first unless this session was confirmed
 * in the last 10 minutes. */
export function DataExportSection() {
  const { t } = useTranslation('account');
  const { errorText } = useErrorText();
  const { busy, run } = useBusy();
  const [result, setResult] = useState<Result>(null);
  const { confirmed, dialog } = useConfirmItsYou();

  const start = () =>
    void run(async () => {
      setResult(null);
      try {
        await confirmed(() => privacyApi.requestCopy());
        setResult({ ok: true, text: t('settings.export.mailed') });
      } catch (error) {
        if (!(error instanceof StepUpCancelled)) setResult({ ok: false, text: errorText(error) });
      }
    });

  return (
    <Section id="settings-export" icon="lock" title={t('settings.export.title')} intro={t('settings.export.intro')}>
      <ResultAlert result={result} testId="settings-export-result" />
      <button type="button" className="btn btn-outline-primary rounded-pill" onClick={start} disabled={busy} data-testid="settings-export-start">
        {t('settings.export.start')}
      </button>
      {dialog}
    </Section>
  );
}
