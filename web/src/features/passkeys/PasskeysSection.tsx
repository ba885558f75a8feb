import './passkeys.scss';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { answer, api, retries } from '../../shared/api/client';
import { ApiError } from '../../shared/api/errors';
import { FormAlert, ResultAlert, RetryAlert } from '../../shared/ui/alerts';
import { SubmitButton } from '../../shared/ui/buttons';
import { focusOnAppear } from '../../shared/ui/focusOnAppear';
import { PasswordField } from '../../shared/ui/fields';
import { useBusy, useErrorText, useForm } from '../../shared/ui/form';
import { Icon } from '../../shared/ui/icons';
import { Section } from '../../shared/ui/sections';
import { AddPasskey } from './AddPasskey';
import { confirmWithPasskey } from './confirmWithPasskey';
import { PasskeyRow } from './PasskeyRow';
import { usePasskeys } from './usePasskeys';

/**
 * "Confirm it's you" before adding or removing a passkey: the password again, or one of the
 * member's passkeys. Either opens those changes for 10 minutes; then the change waiting
 * for it goes on.
 */
function StepUp({ offerPasskey, onConfirmed, onCancel }: { offerPasskey: boolean; onConfirmed: () => void; onCancel: () => void }) {
  const { t } = useTranslation('account');
  const { errorText } = useErrorText();
  const { busy, run } = useBusy();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({ initial: { password: '' }, order: ['password'], idPrefix: 'passkeys-step-up', clearOnEdit: 'all' });

  const submit = form.submit({
    check: ({ password }) => ({ password: password ? null : { code: 'password_required' } }),
    send: async ({ password }) => {
      setError(null);
      if ((await answer(api.POST('/api/export/confirm', { body: { password }, ...retries(0) }))) === false) {
        throw new ApiError(403, 'authentication_required');
      }
      onConfirmed();
    },
    refused: (caught) => {
      if (caught instanceof ApiError && caught.code === 'password_wrong') return { password: { code: caught.code } };
      setError(errorText(caught));
      return 'handled';
    },
  });

  const withPasskey = () =>
    void run(async () => {
      setError(null);
      try {
        await confirmWithPasskey();
        onConfirmed();
      } catch (caught) {
        setError(errorText(caught));
      }
    });

  return (
    <form onSubmit={submit} noValidate className="settings-form passkeys-step-up" aria-label={t('passkeys.stepUp.title')} data-testid="passkeys-step-up">
      <div>
        <h3 className="passkeys-step-up__title">{t('passkeys.stepUp.title')}</h3>
        <p className="form-text mb-0">{t('passkeys.stepUp.intro')}</p>
      </div>
      {error && <FormAlert>{error}</FormAlert>}
      <PasswordField label={t('fields.currentPassword')} autoComplete="current-password" {...form.field('password')} maxLength={1000} ref={focusOnAppear} />
      <div className="settings-form__actions">
        <SubmitButton busy={form.busy} className="btn btn-primary rounded-pill px-4" testId="passkeys-step-up-submit">
          {t('passkeys.stepUp.submit')}
        </SubmitButton>
        {offerPasskey && (
          <button type="button" className="btn btn-outline-primary rounded-pill" onClick={withPasskey} disabled={busy} data-testid="passkeys-step-up-passkey">
            <Icon name="key" size={18} className="me-2" />
            {t('passkeys.stepUp.passkey')}
          </button>
        )}
        <button type="button" className="btn btn-link text-body-secondary" onClick={onCancel}>
          {t('settings.cancel')}
        </button>
      </div>
    </form>
  );
}

/** Settings → Passkeys (issue 33.1): the member's passkeys, and adding one on this device. */
export function PasskeysSection() {
  const { t } = useTranslation('account');
  const passkeys = usePasskeys();
  const { passkeys: list, waiting } = passkeys;
  return (
    <Section id="settings-passkeys" icon="key" title={t('passkeys.title')} intro={t('passkeys.intro')}>
      <div className="d-grid gap-3">
        <ResultAlert result={passkeys.result} testId="passkeys-result" />
        {passkeys.loadError && <RetryAlert message={passkeys.loadError} retryLabel={t('passkeys.retry')} onRetry={passkeys.reload} />}
        {list && list.length > 0 && (
          <ul className="passkeys list-unstyled mb-0" aria-label={t('passkeys.title')}>
            {list.map((passkey) => (
              <PasskeyRow key={passkey.id} passkey={passkey} onRenamed={passkeys.renamed} onRemove={passkeys.remove} />
            ))}
          </ul>
        )}
        {list && list.length === 0 && (
          <p className="passkeys__none mb-0" data-testid="passkeys-none">
            {t('passkeys.none')}
          </p>
        )}
        {waiting && <StepUp offerPasskey={(list?.length ?? 0) > 0} onConfirmed={passkeys.confirmed} onCancel={passkeys.cancelStepUp} />}
        {!passkeys.supported && <FormAlert variant="info">{t('passkeys.unsupported')}</FormAlert>}
        <AddPasskey passkeys={passkeys} />
      </div>
    </Section>
  );
}
