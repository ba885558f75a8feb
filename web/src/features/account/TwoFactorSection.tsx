/**
 * Settings: two-step login with an authenticator app (issue 33.2). Turning it on shows a
 * QR code (drawn by the server) and the key to type in by hand, takes the app's first code
 * and then shows the ten recovery codes, once, to copy or download. On, it shows how many
 * recovery codes are left, makes new ones, and turns off with the password and a code.
 * Turning on and new codes are step-up changes: "Confirm it's you" asks for the password
 * first unless this session was confirmed in the last 10 minutes.
 */
import './two-factor.scss';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/errors';
import type { User } from '../../shared/api/types';
import { ResultAlert } from '../../shared/ui/alerts';
import { SubmitButton } from '../../shared/ui/buttons';
import { focusOnAppear } from '../../shared/ui/focusOnAppear';
import { PasswordField, TextField } from '../../shared/ui/fields';
import { useErrorText, useForm } from '../../shared/ui/form';
import { Section } from '../../shared/ui/sections';
import { useSiteSettings } from '../../shared/site';
import { StepUpCancelled } from '../../shared/stepUp';
import { twoFactorApi } from './twoFactorApi';
import { type Setup, type TwoFactor, useTwoFactor } from './useTwoFactor';

const CODE_ERRORS = new Set(['two_factor_code_wrong', 'two_factor_code_used', 'two_factor_code_required']);

/** The key as apps show it: groups of four. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

function copyText(text: string): Promise<void> {
  return navigator.clipboard.writeText(text);
}
export function TwoFactorSection({ user }: { user: User }) {
  const { t } = useTranslation('account');
  const twoFactor = useTwoFactor();
  const { stage, status, busy, confirmed, idle, finish } = twoFactor;
  return (
    <Section id="settings-two-factor" icon="phone" title={t('settings.twoFactor.title')} intro={t('settings.twoFactor.intro')}>
      <div className="two-factor" data-testid="settings-two-factor">
        <ResultAlert result={twoFactor.result} testId="settings-two-factor-result" />
        {status && stage.kind === 'idle' && <TwoFactorStatus twoFactor={twoFactor} status={status} />}
        {stage.kind === 'setup' && <SetupForm setup={stage.setup} confirmed={confirmed} onCodes={twoFactor.turnedOn} onCancel={idle} />}
        {stage.kind === 'codes' && <RecoveryCodes codes={stage.codes} user={user} onDone={() => finish(stage.done)} />}
        {stage.kind === 'renew' && (
          <div className="settings-form">
            <p className="mb-0">{t('settings.twoFactor.newCodesText')}</p>
            <div className="settings-form__actions">
              <button type="button" className="btn btn-primary rounded-pill px-4" onClick={twoFactor.newCodes} disabled={busy} data-testid="settings-two-factor-renew">
                {t('settings.twoFactor.newCodesSubmit')}
              </button>
              <button type="button" className="btn btn-link text-body-secondary" onClick={idle}>
                {t('settings.cancel')}
              </button>
            </div>
          </div>
        )}
        {stage.kind === 'off' && <TurnOffForm onDone={() => finish(t('settings.twoFactor.turnedOff'))} onCancel={idle} />}
      </div>
      {twoFactor.dialog}
    </Section>
  );
}

/** On or off, the recovery codes left, and what can be done from there. */
function TwoFactorStatus({ twoFactor: { busy, start, open }, status }: { twoFactor: TwoFactor; status: NonNullable<TwoFactor['status']> }) {
  const { t } = useTranslation('account');
  return (
    <div className="settings-row">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <span className={`two-factor__badge${status.enabled ? ' two-factor__badge--on' : ''}`} data-testid="settings-two-factor-state">
          {status.enabled ? t('settings.twoFactor.on') : t('settings.twoFactor.off')}
        </span>
        {status.enabled && <span className="two-factor__left">{t('settings.twoFactor.codesLeft', { count: status.recovery_codes_left })}</span>}
      </div>
      <div className="two-factor__actions">
        {status.enabled ? (
          <>
            <button
              type="button"
              className="btn btn-outline-primary rounded-pill"
              onClick={() => open({ kind: 'renew' })}
              data-testid="settings-two-factor-new-codes"
            >
              {t('settings.twoFactor.newCodes')}
            </button>
            <button
              type="button"
              className="btn btn-outline-danger rounded-pill"
              onClick={() => open({ kind: 'off' })}
              data-testid="settings-two-factor-off"
            >
              {t('settings.twoFactor.turnOff')}
            </button>
          </>
        ) : (
          <button type="button" className="btn btn-primary rounded-pill px-4" onClick={start} disabled={busy} data-testid="settings-two-factor-on">
            {t('settings.twoFactor.turnOn')}
          </button>
        )}
      </div>
    </div>
  );
}

function SetupForm({
  setup,
  confirmed,
  onCodes,
  onCancel,
}: {
  setup: Setup;
  confirmed: <T>(call: () => Promise<T>) => Promise<T>;
  onCodes: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('account');
  const [copied, setCopied] = useState(false);
  const form = useForm({ initial: { code: '' }, order: ['code'], idPrefix: 'settings-two-factor' });
  const submit = form.submit({
    check: ({ code }) => ({ code: code.trim() ? null : { code: 'two_factor_code_required' } }),
    send: async ({ code }) => onCodes(await confirmed(() => twoFactorApi.turnOn(code.trim()))),
    refused: (error) => {
      if (error instanceof StepUpCancelled) return 'handled';
      const code = error instanceof ApiError ? error.code : '';
      return CODE_ERRORS.has(code) ? { code: { code } } : null;
    },
  });
  const { errorText } = useErrorText();

  return (
    <form onSubmit={submit} noValidate className="settings-form" aria-label={t('settings.twoFactor.turnOn')}>
      {form.error !== null && <ResultAlert result={{ ok: false, text: errorText(form.error) }} />}
      <div className="two-factor__setup">
        <div className="two-factor__qr">
          <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qr_svg)}`} alt={t('settings.twoFactor.qrLabel')} data-testid="settings-two-factor-qr" />
        </div>
        <div>
          <h3 className="two-factor__step">{t('settings.twoFactor.scanTitle')}</h3>
          <p className="mb-2">{t('settings.twoFactor.scanText')}</p>
          <p className="small text-body-secondary mb-0">{t('settings.twoFactor.manual')}</p>
          <div className="two-factor__secret">
            <code data-testid="settings-two-factor-secret">{grouped(setup.secret)}</code>
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary rounded-pill"
              onClick={() => void copyText(setup.secret).then(() => setCopied(true))}
            >
              {copied ? t('settings.twoFactor.copied') : t('settings.twoFactor.copy')}
            </button>
          </div>
        </div>
      </div>
      <div>
        <h3 className="two-factor__step">{t('settings.twoFactor.confirmTitle')}</h3>
        <TextField
          label={t('login.secondStep.code')}
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9 ]*"
          {...form.field('code')}
          maxLength={40}
          ref={focusOnAppear}
          className="two-factor__code"
          data-testid="settings-two-factor-code"
        />
      </div>
      <div className="settings-form__actions">
        <SubmitButton busy={form.busy} className="btn btn-primary rounded-pill px-4" testId="settings-two-factor-confirm">
          {t('settings.twoFactor.confirm')}
        </SubmitButton>
        <button type="button" className="btn btn-link text-body-secondary" onClick={onCancel}>
          {t('settings.cancel')}
        </button>
      </div>
    </form>
  );
}

function RecoveryCodes({ codes, user, onDone }: { codes: string[]; user: User; onDone: () => void }) {
  const { t } = useTranslation('account');
  const settings = useSiteSettings();
  const [copied, setCopied] = useState(false);
  const file = `${t('settings.twoFactor.fileTitle', { sitename: settings.name, email: user.email })}\n\n${codes.join('\n')}\n`;

  const download = () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([file], { type: 'text/plain;charset=utf-8' }));
    link.download = `${settings.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-recovery-codes.txt`;
    link.click();
    URL.revokeObjectURL(link.href);
  };

  return (
    <div className="d-grid gap-3" data-testid="settings-two-factor-codes">
      <div>
        <h3 className="two-factor__step">{t('settings.twoFactor.codesTitle')}</h3>
        <p className="mb-0">{t('settings.twoFactor.codesText')}</p>
      </div>
      <ul className="two-factor__codes">
        {codes.map((code) => (
          <li key={code} data-testid="settings-two-factor-code-item">
            {code}
          </li>
        ))}
      </ul>
      <div className="settings-form__actions">
        <button type="button" className="btn btn-outline-primary rounded-pill" onClick={() => void copyText(codes.join('\n')).then(() => setCopied(true))}>
          {copied ? t('settings.twoFactor.copied') : t('settings.twoFactor.copy')}
        </button>
        <button type="button" className="btn btn-outline-primary rounded-pill" onClick={download} data-testid="settings-two-factor-download">
          {t('settings.twoFactor.download')}
        </button>
        <button type="button" className="btn btn-primary rounded-pill px-4" onClick={onDone} data-testid="settings-two-factor-saved">
          {t('settings.twoFactor.saved')}
        </button>
      </div>
    </div>
  );
}

function TurnOffForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation('account');
  const { errorText } = useErrorText();
  const form = useForm({ initial: { password: '', code: '' }, order: ['password', 'code'], idPrefix: 'settings-two-factor-off' });
  const submit = form.submit({
    check: ({ password, code }) => ({
      password: password ? null : { code: 'password_required' },
      code: code.trim() ? null : { code: 'two_factor_code_required' },
    }),
    send: async ({ password, code }) => {
      await twoFactorApi.turnOff(password, code.trim());
      onDone();
    },
    refused: (error) => {
      const code = error instanceof ApiError ? error.code : '';
      if (code === 'password_wrong') return { password: { code } };
      if (CODE_ERRORS.has(code)) return { code: { code } };
      return null;
    },
  });

  return (
    <form onSubmit={submit} noValidate className="settings-form" aria-label={t('settings.twoFactor.turnOff')}>
      <p className="mb-0">{t('settings.twoFactor.offText')}</p>
      {form.error !== null && <ResultAlert result={{ ok: false, text: errorText(form.error) }} />}
      <div className="row g-3">
        <div className="col-md-6">
          <PasswordField label={t('fields.currentPassword')} autoComplete="current-password" {...form.field('password')} maxLength={1000} ref={focusOnAppear} />
        </div>
        <div className="col-md-6">
          <TextField
            label={t('settings.twoFactor.code')}
            autoComplete="one-time-code"
            autoCapitalize="off"
            spellCheck={false}
            {...form.field('code')}
            maxLength={40}
            data-testid="settings-two-factor-off-code"
          />
        </div>
      </div>
      <div className="settings-form__actions">
        <SubmitButton busy={form.busy} className="btn btn-danger rounded-pill px-4" testId="settings-two-factor-off-submit">
          {t('settings.twoFactor.offSubmit')}
        </SubmitButton>
        <button type="button" className="btn btn-link text-body-secondary" onClick={onCancel}>
          {t('settings.cancel')}
        </button>
      </div>
    </form>
  );
}
