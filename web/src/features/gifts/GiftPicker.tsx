import './gifts.scss';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { ApiError, LoginRequired } from '../../shared/api/errors';
import { translateError } from '../../shared/i18n/translateError';
import { FormAlert, RetryAlert } from '../../shared/ui/alerts';
import { AppLink } from '../../shared/routing/AppLink';
import { Icon } from '../../shared/ui/icons';
import { giftName, giftObject, giftPicture } from '../../shared/gifts/gifts';
import { useSession } from '../../shared/session';
import { GiftGrid } from './GiftGrid';
import type { GiftOffer, GiftSent } from './giftsApi';
import { type GiftPickerState, useGiftPicker } from './useGiftPicker';

export interface GiftPickerProps {
  /** Who gets the gift. */
  member: { id: number; name: string };
  show: boolean;
  onHide: () => void;
  /** After the server took the gift (and charged for it). */
  onSent?: (sent: GiftSent) => void;
  /** In a conversation the gift shows in the list at once: close instead of saying so. */
  closeOnSent?: boolean;
}

/** Refusals that buying credits solves. */
const BUY_CREDITS = new Set(['not_enough_credits', 'free_conversations_used']);

function codeOf(error: unknown): string | null {
  return error instanceof ApiError ? error.code : null;
}

/** Why the gift did not go out, with the way out when there is one (buy credits, premium). */
function SendError({ error, onLeave }: { error: unknown; onLeave: () => void }) {
  const { t } = useTranslation('gifts');
  const tc = useTranslation('common').t;
  const code = codeOf(error);
  const text = error instanceof LoginRequired ? tc('errors.authentication_required') : translateError(tc, error);
  return (
    <FormAlert testId="gift-error">
      <p className="mb-0" data-code={code ?? ''}>
        {text}
      </p>
      {code && BUY_CREDITS.has(code) && (
        <div className="gift-picker__ways">
          <BuyCredits onLeave={onLeave} />
          {code === 'free_conversations_used' && (
            <AppLink to="premium" className="btn btn-outline-primary btn-sm rounded-pill px-3" onClick={onLeave}>
              {t('picker.premium')}
            </AppLink>
          )}
        </div>
      )}
    </FormAlert>
  );
}

/** The gift that went out, with the way to the conversation it landed in. */
function SentNotice({ sent, name, onHide }: { sent: GiftSent; name: string; onHide: () => void }) {
  const { t } = useTranslation('gifts');
  const key = sent.message.gift ?? '';
  return (
    <div className="gift-picker__sent" role="status" data-testid="gift-sent">
      <img className="gift-picker__sent-picture" src={giftPicture(key)} alt="" width={96} height={96} />
      <p className="gift-picker__sent-text">{t('picker.sent', { name, gift: giftObject(t, key) })}</p>
      <div className="d-grid gap-2">
        <AppLink to="chats-id" params={{ id: sent.message.conversation_id }} className="btn btn-primary rounded-pill" onClick={onHide} data-testid="gift-to-chat">
          <Icon name="chat" size={18} className="me-2" />
          {t('picker.toChat')}
        </AppLink>
        <button type="button" className="btn btn-link text-body-secondary" onClick={onHide}>
          {t('picker.done')}
        </button>
      </div>
    </div>
  );
}

/** The way to buy credits, leaving the picker. */
function BuyCredits({ onLeave, className = 'btn btn-primary btn-sm rounded-pill px-3', testId = 'gift-buy-credits' }: { onLeave: () => void; className?: string; testId?: string }) {
  const { t } = useTranslation('gifts');
  return (
    <AppLink to="credits" className={className} onClick={onLeave} data-testid={testId}>
      <Icon name="coins" size={16} className="me-1" />
      {t('picker.buyCredits')}
    </AppLink>
  );
}

/**
 * "Send a rose to Anna for 25 credits?": the price said again before anything is charged.
 * A gift that costs more than the balance cannot be confirmed: the step says so and
 * offers to buy credits instead (issue 29.5).
 */
function ConfirmGift({
  gift,
  name,
  balance,
  busy,
  error,
  onSend,
  onBack,
  onLeave,
}: {
  gift: GiftOffer;
  name: string;
  balance: number;
  busy: boolean;
  error: unknown;
  onSend: () => void;
  onBack: () => void;
  onLeave: () => void;
}) {
  const { t, i18n } = useTranslation('gifts');
  const credits = gift.price.toLocaleString(i18n.language);
  if (gift.price > balance) {
    return (
      <div className="gift-picker__confirm text-center" data-testid="gift-confirm" data-affordable="false">
        <img className="gift-picker__sent-picture is-short" src={giftPicture(gift.key)} alt="" width={96} height={96} />
        <p className="gift-picker__sent-text" data-testid="gift-confirm-short">
          {t('picker.confirmShort', { gift: giftName(t, gift.key), credits, balance: balance.toLocaleString(i18n.language) })}
        </p>
        <div className="d-grid gap-2">
          <BuyCredits onLeave={onLeave} className="btn btn-primary rounded-pill" />
          <button type="button" className="btn btn-link text-body-secondary" onClick={onBack} data-testid="gift-confirm-back">
            {t('picker.confirmBack')}
          </button>
        </div>
      </div>
    );
  }
  return (
    <div className="gift-picker__confirm text-center" data-testid="gift-confirm" data-affordable="true">
      <img className="gift-picker__sent-picture" src={giftPicture(gift.key)} alt="" width={96} height={96} />
      <p className="gift-picker__sent-text" data-testid="gift-confirm-question">
        {t('picker.confirm', { gift: giftObject(t, gift.key), name, credits })}
      </p>
      {error !== null && <SendError error={error} onLeave={onLeave} />}
      <div className="d-grid gap-2">
        <button type="button" className="btn btn-primary rounded-pill" onClick={onSend} disabled={busy} aria-busy={busy} data-testid="gift-confirm-send">
          {busy ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : <Icon name="gift" size={18} className="me-2" />}
          {t('picker.confirmSend', { credits })}
        </button>
        <button type="button" className="btn btn-link text-body-secondary" onClick={onBack} disabled={busy} data-testid="gift-confirm-back">
          {t('picker.confirmBack')}
        </button>
      </div>
    </div>
  );
}

/** What the picker shows: the gift sent, the catalogue loading or failing, the question, or the gifts. */
function PickerBody({ picker, member, balance, onHide }: { picker: GiftPickerState; member: GiftPickerProps['member']; balance: number; onHide: () => void }) {
  const { t } = useTranslation('gifts');
  const tc = useTranslation('common').t;
  const { catalogue, sent, asked, sending, error } = picker;
  if (sent) return <SentNotice sent={sent} name={member.name} onHide={onHide} />;
  if (catalogue.status === 'loading') {
    return (
      <div className="gift-picker__loading" aria-busy="true" data-testid="gift-loading">
        <span className="spinner-border text-primary" aria-hidden="true" />
        <span className="visually-hidden">{t('picker.loading')}</span>
      </div>
    );
  }
  if (catalogue.status === 'error') {
    return <RetryAlert testId="gift-load-error" message={<>{t('picker.error')} {translateError(tc, catalogue.error)}</>} retryLabel={t('picker.retry')} onRetry={picker.reload} />;
  }
  if (asked) {
    return (
      <ConfirmGift gift={asked} name={member.name} balance={balance} busy={sending !== null} error={error} onSend={() => void picker.choose(asked)} onBack={picker.back} onLeave={onHide} />
    );
  }
  return (
    <>
      <GiftGrid gifts={catalogue.gifts} balance={balance} sending={sending} onChoose={picker.setAsked} />
      {sending && (
        <p className="visually-hidden" role="status">
          {t('picker.sending')}
        </p>
      )}
      {error !== null && <SendError error={error} onLeave={onHide} />}
    </>
  );
}

/** The intro and my balance, and the way to credits when some gifts cost more than it. */
function PickerHead({ picker: { asked, catalogue }, balance, onHide }: { picker: GiftPickerState; balance: number; onHide: () => void }) {
  const { t } = useTranslation('gifts');
  return (
    <div className="gift-picker__head">
      <p className="gift-picker__intro">{t('picker.intro')}</p>
      <p className="gift-picker__balance" data-testid="gift-balance">
        <Icon name="coins" size={16} />
        {t('picker.balance', { credits: balance })}
      </p>
      {/* Some gifts cost more than the balance: the way to credits, before any is chosen. */}
      {!asked && catalogue.status === 'ready' && catalogue.gifts.some((gift) => gift.price > balance) && (
        <p className="gift-picker__short-note" data-testid="gift-short-note">
          <span>{t('picker.shortNote')}</span>
          <BuyCredits onLeave={onHide} className="gift-picker__buy fw-semibold" testId="gift-short-buy" />
        </p>
      )}
    </div>
  );
}

/**
 * The six gifts with picture, name and price, and my balance. Choosing one asks first
 * ("Send a rose for 25 credits?"), then sends; the server's refusal is shown with the
 * way out (buy credits).
 */
export function GiftPicker(props: GiftPickerProps) {
  const { member, show, onHide } = props;
  const { t } = useTranslation('gifts');
  const balance = useSession((s) => s.user?.credits ?? 0);
  const picker = useGiftPicker(props);
  const hide = () => {
    if (!picker.sending) onHide();
  };
  return (
    <Modal show={show} onHide={hide} centered aria-labelledby="gift-picker-title" className="gift-picker" data-testid="gift-picker">
      <Modal.Header closeButton closeLabel={t('picker.close')} className="border-0 pb-0">
        <Modal.Title id="gift-picker-title" as="h2" className="h5 d-flex align-items-center gap-2">
          <Icon name="gift" size={22} className="text-primary" />
          {t('picker.title', { name: member.name })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body className="pt-2">
        {!picker.sent && <PickerHead picker={picker} balance={balance} onHide={onHide} />}
        <PickerBody picker={picker} member={member} balance={balance} onHide={onHide} />
      </Modal.Body>
    </Modal>
  );
}
