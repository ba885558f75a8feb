import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/errors';
import type { Result } from '../../shared/ui/alerts';
import { useErrorText } from '../../shared/ui/form';
import { passkeysSupported } from './ceremonies';
import { type Passkey, passkeysApi } from './passkeysApi';

const needsStepUp = (error: unknown) => error instanceof ApiError && error.code === 'password_confirmation_required';

/** The member's passkeys, loaded when the browser has passkeys (again on retry). */
function usePasskeyList() {
  const { errorText } = useErrorText();
  const [passkeys, setPasskeys] = useState<Passkey[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [supported] = useState(passkeysSupported);
  const [loads, setLoads] = useState(0); // a retry after a failed load counts one up

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
  return { passkeys, setPasskeys, loadError, supported, reload };
}

/**
 * The passkeys and their changes, with what came of the last one; a change that needs
 * "confirm it's you" waits for it (waiting) and runs again once confirmed.
 */
export function usePasskeys() {
  const { t } = useTranslation('account');
  const { errorText } = useErrorText();
  const list = usePasskeyList();
  const { setPasskeys } = list;
  const [result, setResult] = useState<Result>(null);
  // The change that waits for "confirm it's you", run again once confirmed.
  const [waiting, setWaiting] = useState<(() => Promise<void>) | null>(null);

  /** Runs a change; one that needs the step-up first waits for it. */
  const guarded = async (change: () => Promise<void>) => {
    try {
      await change();
    } catch (caught) {
      if (!needsStepUp(caught)) throw caught;
      setWaiting(() => change);
    }
  };

  const removeNow = (passkey: Passkey) => async () => {
    await passkeysApi.remove(passkey.id);
    setPasskeys((list) => (list ?? []).filter((item) => item.id !== passkey.id));
    setResult({ ok: true, text: t('passkeys.removed', { name: passkey.name }) });
  };
  const remove = (passkey: Passkey) => guarded(removeNow(passkey));
  const renamed = (passkey: Passkey) => setPasskeys((all) => (all ?? []).map((item) => (item.id === passkey.id ? passkey : item)));

  const confirmed = () => {
    const change = waiting;
    setWaiting(null);
    if (change) {
      change().catch((caught: unknown) => setResult({ ok: false, text: errorText(caught) }));
    }
  };
  const cancelStepUp = () => setWaiting(null);
  return { ...list, result, setResult, waiting, guarded, remove, renamed, confirmed, cancelStepUp };
}

export type Passkeys = ReturnType<typeof usePasskeys>;
