import './shop.scss';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { pathTo } from '../../shared/routing/paths';
import { Icon } from '../../shared/ui/icons';
import { formatPercentage } from './money';
import { formatCountdown, useTimeBonus } from './timeBonusStore';

/** "Your time bonus": 25 % off the first bundle while the countdown runs. */
export function TimeBonusModal({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation('shop');
  const navigate = useNavigate();
  const seconds = useTimeBonus((s) => s.secondsLeft ?? 0);
  const percentage = useTimeBonus((s) => s.discount?.value_percentage ?? 25);
  const percent = formatPercentage(percentage, i18n.language);

  const buy = () => {
    onClose();
    void navigate(pathTo('credits'));
  };

  return (
    <Modal show onHide={onClose} centered aria-labelledby="time-bonus-title" className="time-bonus-modal" data-testid="time-bonus-modal">
      <Modal.Body className="time-bonus-modal__body">
        <button type="button" className="btn-close time-bonus-modal__x" onClick={onClose} aria-label={t('close')} />
        <span className="time-bonus-modal__icon" aria-hidden="true">
          <Icon name="clock" size={30} />
        </span>
        <p className="time-bonus-modal__off">{t('timeBonus.off', { percent })}</p>
        <h2 id="time-bonus-title" className="time-bonus-modal__title">
          {t('timeBonus.modalTitle')}
        </h2>
        <p className="time-bonus-modal__text">{t('timeBonus.modalText', { percent })}</p>
        <p className="countdown countdown--large" data-testid="time-bonus-modal-countdown">
          <span className="visually-hidden">{t('timeBonus.endsIn')} </span>
          <time dateTime={`PT${seconds}S`}>{formatCountdown(seconds)}</time>
        </p>
        <div className="d-grid gap-2">
          <button type="button" className="btn btn-primary btn-lg rounded-pill" onClick={buy} data-testid="time-bonus-buy">
            {t('timeBonus.cta', { percent })}
          </button>
          <button type="button" className="btn btn-link text-body-secondary" onClick={onClose} data-testid="time-bonus-later">
            {t('timeBonus.later')}
          </button>
        </div>
      </Modal.Body>
    </Modal>
  );
}
