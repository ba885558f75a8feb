/**
 * "Unlock photo 2 of Anna for 5 credits? You have 40." (issue 29.5): a photo unlock spends
 * credits, so it asks first with its price and the balance, as a gift does, never on one
 * tap. When the price is more than the balance there is nothing to confirm: the dialog
 * says so and offers to buy credits.
 */
import './discovery.scss';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../shared/routing/AppLink';
import { Icon } from '../../shared/ui/icons';

export interface UnlockAsk {
  name: string;
  /** The photo's place in the gallery, from 1. */
  number: number;
  price: number;
  balance: number;
}

export function UnlockConfirm({ ask, show, onConfirm, onCancel }: { ask: UnlockAsk | null; show: boolean; onConfirm: () => void; onCancel: () => void }) {
  const { t, i18n } = useTranslation('discovery');
  const number = (value: number) => value.toLocaleString(i18n.language);
  const affordable = ask !== null && ask.price <= ask.balance;
  return (
    <Modal show={show} onHide={onCancel} centered aria-labelledby="unlock-confirm-title" className="unlock-confirm" data-testid="unlock-confirm">
      <Modal.Body className="p-4 p-sm-5 text-center">
        <div className="unlock-confirm__icon" aria-hidden="true">
          <Icon name="key" size={28} />
        </div>
        <h2 id="unlock-confirm-title" className="h5 mb-3">
          {t('profile.unlockTitle', { name: ask?.name ?? '', number: ask?.number ?? 1 })}
        </h2>
        {ask && (
          <p className="unlock-confirm__terms" data-testid="unlock-confirm-terms">
            {t('profile.unlockTerms', { credits: number(ask.price), balance: number(ask.balance) })}
          </p>
        )}
        {ask && !affordable && (
          <p className="unlock-confirm__short text-danger" data-testid="unlock-confirm-short">
            {t('profile.unlockShort')}
          </p>
        )}
        <div className="d-grid gap-2 mt-4">
          {affordable ? (
            <button type="button" className="btn btn-primary rounded-pill" onClick={onConfirm} data-testid="unlock-confirm-yes">
              <Icon name="key" size={18} className="me-2" />
              {t('profile.unlock', { credits: number(ask.price) })}
            </button>
          ) : (
            <AppLink to="credits" className="btn btn-primary rounded-pill" onClick={onCancel} data-testid="unlock-confirm-buy">
              <Icon name="coins" size={18} className="me-2" />
              {t('profile.buyCredits')}
            </AppLink>
          )}
          <button type="button" className="btn btn-link text-body-secondary" onClick={onCancel} data-testid="unlock-confirm-cancel">
            {t('profile.cancel')}
          </button>
        </div>
      </Modal.Body>
    </Modal>
  );
}
