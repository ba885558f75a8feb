import { useTranslation } from 'react-i18next';
import { Icon } from '../../shared/ui/icons';
import { giftName, giftPicture } from '../../shared/gifts/gifts';
import type { GiftOffer } from './giftsApi';

/** The gifts with picture, name and price; one out of reach is marked so, with its price. */
export function GiftGrid({ gifts, balance, sending, onChoose }: { gifts: GiftOffer[]; balance: number; sending: string | null; onChoose: (gift: GiftOffer) => void }) {
  const { t } = useTranslation('gifts');
  return (
    <ul className="gift-grid" aria-label={t('picker.list')}>
      {gifts.map((gift) => (
        <li key={gift.key}>
          <GiftOption gift={gift} short={gift.price > balance} busy={sending === gift.key} disabled={sending !== null} onChoose={() => onChoose(gift)} />
        </li>
      ))}
    </ul>
  );
}

// Shown as out of reach (short), with its price; its step offers credits, never a send.
function GiftOption({ gift, short, busy, disabled, onChoose }: { gift: GiftOffer; short: boolean; busy: boolean; disabled: boolean; onChoose: () => void }) {
  const { t, i18n } = useTranslation('gifts');
  return (
    <button
      type="button"
      className={`gift-option${short ? ' is-short' : ''}${busy ? ' is-busy' : ''}`}
      onClick={onChoose}
      disabled={disabled}
      aria-busy={busy}
      data-testid="gift-option"
      data-gift={gift.key}
      data-short={short}
    >
      <span className="gift-option__picture">
        <img src={giftPicture(gift.key)} alt="" width={64} height={64} />
        {busy && <span className="gift-option__spinner spinner-border text-primary" aria-hidden="true" />}
      </span>
      <span className="gift-option__name">{giftName(t, gift.key)}</span>
      <span className="gift-option__price">
        <Icon name="coins" size={14} />
        {gift.price.toLocaleString(i18n.language)} {t('picker.credits')}
      </span>
      {short && (
        <span className="gift-option__short" data-testid="gift-short">
          {t('picker.short')}
        </span>
      )}
    </button>
  );
}
