/**
 * "Confirm it's you" (issue 33.5): the changes that could hand an account to someone
 * else (the copy of one's data, a new e-mail address, the direct-debit mandate, two-factor
 * and passkey changes) answer 403 password_confirmation_required unless this session
 * was confirmed in the last 10 minutes. Any page wraps such a call in `confirmed()` of
 * useConfirmItsYou and renders its `dialog`: on that answer the dialog asks for the
 * password (POST /api/account/confirm) and the call is made again; closed without
 * confirming, the call ends in StepUpCancelled, which a form shows no error for.
 *
 * A passkey confirms as well (issue 33.1) where the browser has passkeys: shared vocabulary
 * knows no feature, so app/ provides the passkeys feature's way (passkeyWay.ts); a member
 * without one is told so and keeps the password.
 */
import './step-up.scss';
import { type FormEvent, type ReactNode, useCallback, useRef, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { answer, api, retries } from '../api/client';
import { ApiError } from '../api/errors';
import { FormAlert } from '../ui/alerts';
import { SubmitButton } from '../ui/buttons';
import { PasswordField } from '../ui/fields';
import { focusOnAppear } from '../ui/focusOnAppear';
import { useErrorText } from '../ui/form';
import { Icon } from '../ui/icons';
import { usePasskeyWay } from './passkeyWay';

/** The member closed the dialog without confirming: nothing happened, nothing to say. */
export class StepUpCancelled extends Error {
  constructor() {
    super('step_up_cancelled');
    this.name = 'StepUpCancelled';
  }
}

export function needsConfirmation(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'password_confirmation_required';
}

/** POST /api/account/confirm: opens the changes above for 10 minutes in this session. */
export async function confirmPassword(password: string): Promise<void> {
  if ((await answer(api.POST('/api/account/confirm', { body: { password }, ...retries(0) }))) === false) {
    throw new ApiError(403, 'authentication_required');
  }
}

export function useConfirmItsYou() {
  const [asking, setAsking] = useState(false);
  const settle = useRef<((confirmed: boolean) => void) | null>(null);
  const outcome = useRef(false);

  const confirmed = useCallback(async <T,>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      if (!needsConfirmation(error)) throw error;
    }
    const done = await new Promise<boolean>((resolve) => {
      settle.current = resolve;
      setAsking(true);
    });
    if (!done) throw new StepUpCancelled();
    return call();
  }, []);

  const finish = (done: boolean) => {
    outcome.current = done;
    setAsking(false);
  };
  // The call goes on once the dialog is gone, not when it starts to close: the closing
  // dialog gives the focus back to the button that opened it, and the page the call
  // changes (a form whose field takes the focus) must come after that, or the focus ends
  // on the page's body whenever the call is quicker than the fade (issue 35.5).
  const exited = () => {
    settle.current?.(outcome.current);
    settle.current = null;
  };
  const dialog: ReactNode = <ConfirmItsYouDialog show={asking} onDone={finish} onExited={exited} />;
  return { confirmed, dialog };
}

/** The lock, the title and why it is asked. */
function ConfirmItsYouHeading() {
  const { t } = useTranslation('account');
  return (
    <div className="text-center">
      <div className="confirm-its-you__icon mx-auto mb-3" aria-hidden="true">
        <Icon name="lock" size={28} />
      </div>
      <h2 id="confirm-its-you-title" className="h5 mb-2">
        {t('stepUp.title')}
      </h2>
      <p className="text-body-secondary mb-4">{t('stepUp.intro')}</p>
    </div>
  );
}

export function ConfirmItsYouDialog({ show, onDone, onExited }: { show: boolean; onDone: (confirmed: boolean) => void; onExited?: () => void }) {
  const { t } = useTranslation('account');
  const { errorText, fieldText } = useErrorText();
  const passkey = usePasskeyWay();
  const [noPasskeys, setNoPasskeys] = useState(false);
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = (done: boolean) => {
    setPassword('');
    setProblem(null);
    setFailure(null);
    onDone(done);
  };

  const attempt = async (confirm: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      await confirm();
      close(true);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'password_wrong') setProblem(fieldText({ code: 'password_wrong' }));
      else setFailure(errorText(error));
      if (error instanceof ApiError && error.code === 'no_passkeys') setNoPasskeys(true);
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setProblem(fieldText({ code: 'password_required' }));
      return;
    }
    void attempt(() => confirmPassword(password));
  };

  return (
    <Modal show={show} onHide={() => close(false)} onExited={onExited} centered aria-labelledby="confirm-its-you-title" className="confirm-its-you" data-testid="confirm-its-you">
      <Modal.Body className="p-4 p-sm-5">
        <ConfirmItsYouHeading />
        <form onSubmit={submit} noValidate className="d-grid gap-3" aria-label={t('stepUp.title')}>
          {failure && <FormAlert testId="confirm-its-you-error">{failure}</FormAlert>}
          <PasswordField
            id="confirm-its-you-password"
            label={t('fields.currentPassword')}
            autoComplete="current-password"
            value={password}
            onValue={(value) => {
              setPassword(value);
              setProblem(null);
            }}
            error={problem}
            maxLength={1000}
            ref={focusOnAppear}
          />
          <SubmitButton busy={busy} testId="confirm-its-you-submit">
            {t('stepUp.submit')}
          </SubmitButton>
          {passkey && !noPasskeys && (
            <button type="button" className="btn btn-outline-primary rounded-pill" disabled={busy} onClick={() => void attempt(passkey)} data-testid="confirm-its-you-passkey">
              <Icon name="key" size={18} className="me-2" />
              {t('stepUp.passkey')}
            </button>
          )}
          <button type="button" className="btn btn-link text-body-secondary" onClick={() => close(false)} data-testid="confirm-its-you-cancel">
            {t('settings.cancel')}
          </button>
        </form>
      </Modal.Body>
    </Modal>
  );
}
