import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/errors';
import { formatDateTime, formatLongDate } from '../../shared/i18n/dates';
import { FormAlert } from '../../shared/ui/alerts';
import { SubmitButton } from '../../shared/ui/buttons';
import { focusOnAppear } from '../../shared/ui/focusOnAppear';
import { TextField } from '../../shared/ui/fields';
import { useBusy, useErrorText, useForm } from '../../shared/ui/form';
import { Icon } from '../../shared/ui/icons';
import { type Passkey, passkeysApi } from './passkeysApi';

export const NAME_MAX = 60;

type Mode = 'show' | 'rename' | 'remove';

/** A passkey's rename form and removal, and which of them is open. */
function usePasskeyRow(passkey: Passkey, onRenamed: (renamed: Passkey) => void, onRemove: (passkey: Passkey) => Promise<void>) {
  const { errorText } = useErrorText();
  const [mode, setMode] = useState<Mode>('show');
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useBusy();
  const form = useForm({ initial: { name: passkey.name }, order: ['name'], idPrefix: `passkey-${passkey.id}` });

  const rename = form.submit({
    check: ({ name }) => ({ name: name.trim() ? null : { code: 'passkey_name_invalid', params: { max: NAME_MAX } } }),
    send: async ({ name }) => {
      onRenamed(await passkeysApi.rename(passkey.id, name));
      setMode('show');
    },
    refused: (caught) => (caught instanceof ApiError && caught.code === 'passkey_name_invalid' ? { name: { code: caught.code, params: caught.params } } : null),
  });

  const remove = () =>
    void run(async () => {
      setError(null);
      try {
        await onRemove(passkey);
      } catch (caught) {
        setError(errorText(caught));
      }
    });
  return { mode, setMode, error, busy, form, rename, remove };
}

type Row = ReturnType<typeof usePasskeyRow>;

/** One passkey: its name, when it was added and last used; rename and remove. */
export function PasskeyRow({
  passkey,
  onRenamed,
  onRemove,
}: {
  passkey: Passkey;
  onRenamed: (renamed: Passkey) => void;
  onRemove: (passkey: Passkey) => Promise<void>;
}) {
  const { t } = useTranslation('account');
  const row = usePasskeyRow(passkey, onRenamed, onRemove);
  const used = passkey.last_used_at ? formatDateTime(passkey.last_used_at) : t('passkeys.neverUsed');
  return (
    <li className="passkeys__item" data-testid="passkey">
      <div className="passkeys__head">
        <span className="passkeys__icon" aria-hidden="true">
          <Icon name="key" size={20} />
        </span>
        <div className="passkeys__text">
          <div className="passkeys__name text-break" data-testid="passkey-name">
            {passkey.name}
          </div>
          <div className="passkeys__meta">
            {t('passkeys.added', { date: formatLongDate(passkey.created_at) })}
            <span aria-hidden="true"> · </span>
            {t('passkeys.lastUsed', { date: used })}
          </div>
        </div>
        {row.mode === 'show' && (
          <div className="passkeys__actions">
            <button type="button" className="btn btn-sm btn-outline-primary rounded-pill" onClick={() => row.setMode('rename')} data-testid="passkey-rename">
              {t('passkeys.rename')}
            </button>
            <button type="button" className="btn btn-sm btn-outline-danger rounded-pill" onClick={() => row.setMode('remove')} data-testid="passkey-remove">
              {t('passkeys.remove')}
            </button>
          </div>
        )}
      </div>
      {row.mode === 'rename' && <RenameForm row={row} />}
      {row.mode === 'remove' && <RemoveConfirm row={row} name={passkey.name} />}
    </li>
  );
}

function RenameForm({ row: { form, rename, setMode } }: { row: Row }) {
  const { t } = useTranslation('account');
  const { errorText } = useErrorText();
  return (
    <form onSubmit={rename} noValidate className="settings-form passkeys__form" aria-label={t('passkeys.rename')}>
      {form.error !== null && <FormAlert>{errorText(form.error)}</FormAlert>}
      <TextField label={t('passkeys.name')} {...form.field('name')} maxLength={NAME_MAX} ref={focusOnAppear} autoComplete="off" />
      <div className="settings-form__actions">
        <SubmitButton busy={form.busy} className="btn btn-primary rounded-pill px-4" testId="passkey-rename-save">
          {t('passkeys.save')}
        </SubmitButton>
        <button type="button" className="btn btn-link text-body-secondary" onClick={() => setMode('show')}>
          {t('settings.cancel')}
        </button>
      </div>
    </form>
  );
}

function RemoveConfirm({ row: { error, busy, remove, setMode }, name }: { row: Row; name: string }) {
  const { t } = useTranslation('account');
  return (
    <div className="passkeys__form" role="group" aria-label={t('passkeys.remove')}>
      <p className="mb-2">{t('passkeys.removeQuestion', { name })}</p>
      {error && <FormAlert>{error}</FormAlert>}
      <div className="settings-form__actions">
        <button type="button" className="btn btn-danger rounded-pill px-4" onClick={remove} disabled={busy} data-testid="passkey-remove-confirm">
          {t('passkeys.removeConfirm')}
        </button>
        <button type="button" className="btn btn-link text-body-secondary" onClick={() => setMode('show')}>
          {t('settings.cancel')}
        </button>
      </div>
    </div>
  );
}
