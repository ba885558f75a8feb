import './passkeys.scss';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { answer, api, retries } from '../../shared/api/client';
import { ApiError } from '../../shared/api/errors';
import { formatDateTime, formatLongDate } from '../../shared/i18n/dates';
import { FormAlert, type Result, ResultAlert, RetryAlert } from '../../shared/ui/alerts';
import { SubmitButton } from '../../shared/ui/buttons';
import { focusOnAppear } from '../../shared/ui/focusOnAppear';
import { PasswordField, TextField } from '../../shared/ui/fields';
import { useBusy, useErrorText, useForm } from '../../shared/ui/form';
import { Icon } from '../../shared/ui/icons';
import { Section } from '../../shared/ui/sections';
import { createPasskey, passkeysSupported } from './ceremonies';
import { confirmWithPasskey } from './confirmWithPasskey';
import { type Passkey, passkeysApi } from './passkeysApi';

const NAME_MAX = 60;

const needsStepUp = (error: unknown) => error instanceof ApiError && error.code === 'password_confirmation_required';

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

/** One passkey: its name, when it was added and last used; rename and remove. */
function PasskeyRow({
  passkey,
  onRenamed,
  onRemove,
}: {
  passkey: Passkey;
  onRenamed: (renamed: Passkey) => void;
  onRemove: (passkey: Passkey) => Promise<void>;
}) {
  const { t } = useTranslation('account');
  const { errorText } = useErrorText();
  const [mode, setMode] = useState<'show' | 'rename' | 'remove'>('show');
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
        {mode === 'show' && (
          <div className="passkeys__actions">
            <button type="button" className="btn btn-sm btn-outline-primary rounded-pill" onClick={() => setMode('rename')} data-testid="passkey-rename">
              {t('passkeys.rename')}
            </button>
            <button type="button" className="btn btn-sm btn-outline-danger rounded-pill" onClick={() => setMode('remove')} data-testid="passkey-remove">
              {t('passkeys.remove')}
            </button>
          </div>
        )}
      </div>
      {mode === 'rename' && (
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
      )}
      {mode === 'remove' && (
        <div className="passkeys__form" role="group" aria-label={t('passkeys.remove')}>
          <p className="mb-2">{t('passkeys.removeQuestion', { name: passkey.name })}</p>
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
      )}
    </li>
  );
}

/** Settings → Passkeys (issue 33.1): the member's passkeys, and adding one on this device. */
export function PasskeysSection() {
  const { t } = useTranslation('account');
  const { errorText } = useErrorText();
  const [passkeys, setPasskeys] = useState<Passkey[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [result, setResult] = useState<Result>(null);
  // The change that waits for "confirm it's you", run again once confirmed.
  const [waiting, setWaiting] = useState<(() => Promise<void>) | null>(null);
  const [supported] = useState(passkeysSupported);
  const [loads, setLoads] = useState(0); // a retry after a failed load counts one up
  const form = useForm({ initial: { name: '' }, order: ['name'], idPrefix: 'passkeys-new', clearOnEdit: 'all' });

  useEffect(() => {
    // A browser without passkeys (an old one, a page not served securely) says so instead.
    if (!supported) return;
    let live = true;
    passkeysApi.list().then(
      (found) => live && setPasskeys(found),
      (caught: unknown) => live && setLoadError(errorText(caught)),
    );
    return () => {
      live = false;
    };
  }, [errorText, loads, supported]);

  const reload = () => {
    setLoadError(null);
    setLoads((count) => count + 1);
  };

  /** Runs a change; one that needs the step-up first waits for it. */
  const guarded = async (change: () => Promise<void>) => {
    try {
      await change();
    } catch (caught) {
      if (!needsStepUp(caught)) throw caught;
      setWaiting(() => change);
    }
  };

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

  const removeNow = (passkey: Passkey) => async () => {
    await passkeysApi.remove(passkey.id);
    setPasskeys((list) => (list ?? []).filter((item) => item.id !== passkey.id));
    setResult({ ok: true, text: t('passkeys.removed', { name: passkey.name }) });
  };

  const confirmed = () => {
    const change = waiting;
    setWaiting(null);
    if (change) {
      change().catch((caught: unknown) => setResult({ ok: false, text: errorText(caught) }));
    }
  };

  const count = passkeys?.length ?? 0;
  return (
    <Section id="settings-passkeys" icon="key" title={t('passkeys.title')} intro={t('passkeys.intro')}>
      <div className="d-grid gap-3">
        <ResultAlert result={result} testId="passkeys-result" />
        {loadError && <RetryAlert message={loadError} retryLabel={t('passkeys.retry')} onRetry={reload} />}
        {passkeys && passkeys.length > 0 && (
          <ul className="passkeys list-unstyled mb-0" aria-label={t('passkeys.title')}>
            {passkeys.map((passkey) => (
              <PasskeyRow
                key={passkey.id}
                passkey={passkey}
                onRenamed={(renamed) => setPasskeys((list) => (list ?? []).map((item) => (item.id === renamed.id ? renamed : item)))}
                onRemove={(gone) => guarded(removeNow(gone))}
              />
            ))}
          </ul>
        )}
        {passkeys && passkeys.length === 0 && (
          <p className="passkeys__none mb-0" data-testid="passkeys-none">
            {t('passkeys.none')}
          </p>
        )}
        {waiting && <StepUp offerPasskey={count > 0} onConfirmed={confirmed} onCancel={() => setWaiting(null)} />}
        {!supported && <FormAlert variant="info">{t('passkeys.unsupported')}</FormAlert>}
        {supported && !waiting && !adding && (
          <div>
            <button
              type="button"
              className="btn btn-outline-primary rounded-pill"
              onClick={() => {
                setAdding(true);
                setResult(null);
                form.setValues({ name: t('passkeys.defaultName', { number: count + 1 }) });
              }}
              data-testid="passkeys-add"
            >
              <Icon name="plus" size={18} className="me-1" />
              {t('passkeys.add')}
            </button>
          </div>
        )}
        {supported && !waiting && adding && (
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
        )}
      </div>
    </Section>
  );
}
