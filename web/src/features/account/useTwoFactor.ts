import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/errors';
import type { Result } from '../../shared/ui/alerts';
import { useBusy, useErrorText } from '../../shared/ui/form';
import { StepUpCancelled, useConfirmItsYou } from '../../shared/stepUp';
import { twoFactorApi } from './twoFactorApi';

export interface Setup {
  secret: string;
  qr_svg: string;
}

export type Stage =
  | { kind: 'idle' }
  | { kind: 'setup'; setup: Setup }
  | { kind: 'codes'; codes: string[]; done: string | null }
  | { kind: 'renew' }
  | { kind: 'off' };

/** Two-step login's state: on or off with the codes left, the stage of a change, and its outcome. */
export function useTwoFactor() {
  const { t } = useTranslation('account');
  const { errorText } = useErrorText();
  const { busy, run } = useBusy();
  const { confirmed, dialog } = useConfirmItsYou();
  const [status, setStatus] = useState<{ enabled: boolean; recovery_codes_left: number } | null>(null);
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [result, setResult] = useState<Result>(null);

  const load = () =>
    twoFactorApi.status().then(setStatus, (error: unknown) => setResult({ ok: false, text: errorText(error) }));

  useEffect(() => {
    let live = true;
    twoFactorApi.status().then(
      (found) => live && setStatus(found),
      (error: unknown) => live && setResult({ ok: false, text: errorText(error) }),
    );
    return () => {
      live = false;
    };
  }, [errorText]);

  /** A step-up change: the dialog asks for the password when the server wants it. */
  const step = (task: () => Promise<void>) =>
    void run(async () => {
      setResult(null);
      try {
        await task();
      } catch (error) {
        if (error instanceof StepUpCancelled) return;
        setResult({ ok: false, text: errorText(error) });
        if (error instanceof ApiError && error.status === 409) void load();
      }
    });

  const start = () =>
    step(async () => {
      setStage({ kind: 'setup', setup: await confirmed(() => twoFactorApi.setUp()) });
    });
  const newCodes = () =>
    step(async () => {
      setStage({ kind: 'codes', codes: await confirmed(() => twoFactorApi.newRecoveryCodes()), done: null });
    });

  const finish = (text: string | null) => {
    setStage({ kind: 'idle' });
    setResult(text ? { ok: true, text } : null);
    void load();
  };
  /** Opens a stage from the status row, forgetting the last outcome. */
  const open = (next: Stage) => {
    setResult(null);
    setStage(next);
  };
  const idle = () => setStage({ kind: 'idle' });
  const turnedOn = (codes: string[]) => setStage({ kind: 'codes', codes, done: t('settings.twoFactor.turnedOn') });
  return { busy, confirmed, dialog, status, stage, result, start, newCodes, finish, open, idle, turnedOn };
}

export type TwoFactor = ReturnType<typeof useTwoFactor>;
