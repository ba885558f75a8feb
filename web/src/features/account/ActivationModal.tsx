import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PlainModal } from '../../shared/ui/PlainModal';
import { useAddressContext } from '../../shared/session';
import { Icon } from '../../shared/ui/icons';
import { SIGNUP_COMPLETE_PARAM } from './activationReminder';
import { resendActivation } from '../../shared/activation/resendActivation';

/** Right after the signup: "check your mail", with a resend. Closing drops the signup marker from the query. */
export function ActivationModal({ email }: { email: string }) {
  const { t } = useTranslation();
  const context = useAddressContext();
  const location = useLocation();
  const navigate = useNavigate();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const close = () => {
    const query = new URLSearchParams(location.search);
    query.delete(SIGNUP_COMPLETE_PARAM);
    const search = query.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true });
  };

  return (
    <PlainModal onHide={close} aria-labelledby="activation-modal-title" className="activation-modal">
      <div className="modal-body p-4 p-sm-5 text-center">
        <div className="activation-modal__icon" aria-hidden="true">
          <Icon name="mail" size={30} />
        </div>
        <h2 id="activation-modal-title" className="h3 mb-3">
          {t('activation.modalTitle')}
        </h2>
        <p>{t('activation.modalText', { email, context })}</p>
        {result && (
          <div className={`alert alert-${result.ok ? 'success' : 'danger'} small`} role="status">
            {result.text}
          </div>
        )}
        <div className="d-grid gap-2 mt-4">
          <button type="button" className="btn btn-primary btn-lg rounded-pill" onClick={close}>
            {t('activation.ok')}
          </button>
          <button
            type="button"
            className="btn btn-link text-body-secondary"
            onClick={() => void resendActivation((ok, text) => setResult({ ok, text }), t, email)}
            data-testid="activation-modal-resend"
          >
            {t('activation.resend')}
          </button>
        </div>
      </div>
    </PlainModal>
  );
}
