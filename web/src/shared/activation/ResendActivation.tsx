import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sessionApi } from '../session/sessionApi';
import { FormAlert } from '../ui/alerts';
import { useBusy, useErrorText } from '../ui/form';

/** Sends the activation mail again (to `email`, the member's address, said when sent); for
 *  the signup's complete step and the activation screens. */
export function ResendActivation({ email, className = '' }: { email: string; className?: string }) {
  const { t } = useTranslation('account');
  const { errorText } = useErrorText();
  const { busy, run } = useBusy();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const resend = () =>
    run(async () => {
      try {
        await sessionApi.resendActivation();
        setResult({ ok: true, text: t('activation.resent', { email }) });
      } catch (error) {
        setResult({ ok: false, text: errorText(error) });
      }
    });
  return (
    <div className={className}>
      <button
        type="button"
        className="btn btn-outline-primary btn-lg rounded-pill w-100"
        onClick={() => void resend()}
        disabled={busy}
        data-testid="resend-activation"
      >
        {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
        {t('activation.resend')}
      </button>
      {result && (
        <div className="mt-3">
          <FormAlert variant={result.ok ? 'success' : 'danger'}>{result.text}</FormAlert>
        </div>
      )}
    </div>
  );
}
