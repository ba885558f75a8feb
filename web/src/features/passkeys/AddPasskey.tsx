import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/errors';
import { SubmitButton } from '../../shared/ui/buttons';
import { focusOnAppear } from '../../shared/ui/focusOnAppear';
import { TextField } from '../../shared/ui/fields';
import { useErrorText, useForm } from '../../shared/ui/form';
import { Icon } from '../../shared/ui/icons';
import { createPasskey } from './ceremonies';
import { passkeysApi } from './passkeysApi';
import { NAME_MAX } from './PasskeyRow';
import type { Passkeys } from './usePasskeys';

/** Naming a new passkey and creating it on this device (after "confirm it's you" if asked). */
function useAddPasskey({ setPasskeys, setResult, guarded }: Passkeys) {
  const { t } = useTranslation('account');
  const { errorText } = useErrorText();
  const [adding, setAdding] = useState(false);
  const form = useForm({ initial: { name: '' }, order: ['name'], idPrefix: 'passkeys-new', clearOnEdit: 'all' });

  const addHere = async (name: string) => {
    const options = await passkeysApi.registrationOptions();
    const added = await passkeysApi.add(await createPasskey(options), name);
    setPasskeys((list) => [...(list ?? []), added]);
    setAdding(false);
    form.setValues({ name: '' });
    setResult({ ok: true, text: t('passkeys.addedNow', { name: added.name }) });
  };

  const add = form.submit({
    check: ({ name }) => ({ name: name.trim() ? null : { code: 'passkey_name_invalid', params: { max: NAME_MAX } } }),
    send: async ({ name }) => {
      setResult(null);
      await guarded(() => addHere(name));
    },
    refused: (caught) => {
      if (caught instanceof ApiError && caught.code === 'passkey_name_invalid') return { name: { code: caught.code, params: caught.params } };
      setResult({ ok: false, text: errorText(caught) });
      return 'handled';
    },
  });
  return { adding, setAdding, form, add };
}

/** "Add a passkey", then its name and the button that creates it. */
export function AddPasskey({ passkeys }: { passkeys: Passkeys }) {
  const { t } = useTranslation('account');
  const { adding, setAdding, form, add } = useAddPasskey(passkeys);
  const count = passkeys.passkeys?.length ?? 0;
  if (!passkeys.supported || passkeys.waiting) return null;
  if (!adding) {
    return (
    <div>
      <button
        type="button"
        className="btn btn-outline-primary rounded-pill"
        onClick={() => {
          setAdding(true);
          passkeys.setResult(null);
          form.setValues({ name: t('passkeys.defaultName', { number: count + 1 }) });
        }}
        data-testid="passkeys-add"
      >
        <Icon name="plus" size={18} className="me-1" />
        {t('passkeys.add')}
      </button>
    </div>
    );
  }
  return (
    <form onSubmit={add} noValidate className="settings-form" aria-label={t('passkeys.add')}>
      <TextField
        label={t('passkeys.name')}
        hint={t('passkeys.nameHint')}
        {...form.field('name')}
        maxLength={NAME_MAX}
        autoComplete="off"
        ref={focusOnAppear}
      />
      <div className="settings-form__actions">
        <SubmitButton busy={form.busy} className="btn btn-primary rounded-pill px-4" testId="passkeys-add-submit">
          {t('passkeys.create')}
        </SubmitButton>
        <button type="button" className="btn btn-link text-body-secondary" onClick={() => setAdding(false)}>
          {t('settings.cancel')}
        </button>
      </div>
    </form>
  );
}
