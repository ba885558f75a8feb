import './gifts.scss';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { ApiError, LoginRequired } from '../../shared/api/errors';
import { translateError } from '../../shared/i18n/translateError';
import { FormAlert, RetryAlert } from '../../shared/ui/alerts';
import { AppLink } from '../../shared/routing/AppLink';
import { Icon } from '../../shared/ui/icons';
import { useSession } from '../../shared/session';
import { type GiftOffer, type GiftSent, giftName, giftObject, giftPicture, giftsApi, keepCredits } from './giftsApi';

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

type Catalogue = { status: 'loading' } | { status: 'ready'; gifts: GiftOffer[] } | { status: 'error'; error: unknown };

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

/**
 * The six gifts with picture, name and price, and my balance. Choosing one asks first
 * ("Send a rose for 25 credits?"), then sends; the server's refusal is shown with the
 * way out (buy credits).
 */
export function GiftPicker({ member, show, onHide, onSent, closeOnSent = false }: GiftPickerProps) {
  const { t, i18n } = useTranslation('gifts');
  const tc = useTranslation('common').t;
  const balance = useSession((s) => s.user?.credits ?? 0);
  const [catalogue, setCatalogue] = useState<Catalogue>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [sending, setSending] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [sent, setSent] = useState<GiftSent | null>(null);
  // The gift chosen, waiting for "Send a rose for 25 credits?" (issue 19.5): a tap on a
  // tile charges nothing yet.
  const [asked, setAsked] = useState<GiftOffer | null>(null);
  // A gift has no idempotency key: a second click before the re-render must not send (and charge) twice.
  const inFlight = useRef(false);

  // Fresh prices and balance on every opening (and retry); what happened last time is forgotten.
  const freshStart = () => {
    setError(null);
    setSent(null);
    setAsked(null);
    setCatalogue((now) => (now.status === 'ready' ? now : { status: 'loading' }));
  };
  // An opening is seen while rendering (React's way for state that follows a prop).
  const [wasShown, setWasShown] = useState(show);
  if (show !== wasShown) {
    setWasShown(show);
    if (show) freshStart();
  }
  useEffect(() => {
    if (!show) return;
    const controller = new AbortController();
    giftsApi.catalogue(controller.signal).then(
      (answer) => {
        keepCredits(answer.credits);
        setCatalogue({ status: 'ready', gifts: answer.gifts });
      },
      (failure: unknown) => {
        if (!controller.signal.aborted) setCatalogue({ status: 'error', error: failure });
      },
    );
    return () => controller.abort();
  }, [show, attempt]);

  const choose = async (gift: GiftOffer) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSending(gift.key);
    setError(null);
    try {
      const answer = await giftsApi.send(member.id, gift.key);
      keepCredits(answer.credits);
      onSent?.(answer);
      setAsked(null);
      if (closeOnSent) onHide();
      else setSent(answer);
    } catch (failure) {
      setError(failure);
    } finally {
      inFlight.current = false;
      setSending(null);
    }
  };

  const hide = () => {
    if (!sending) onHide();
  };

  let body: ReactNode;
  if (sent) {
    body = <SentNotice sent={sent} name={member.name} onHide={onHide} />;
  } else if (catalogue.status === 'loading') {
    body = (
      <div className="gift-picker__loading" aria-busy="true" data-testid="gift-loading">
        <span className="spinner-border text-primary" aria-hidden="true" />
        <span className="visually-hidden">{t('picker.loading')}</span>
      </div>
    );
  } else if (catalogue.status === 'error') {
    body = (
      <RetryAlert testId="gift-load-error" message={<>{t('picker.error')} {translateError(tc, catalogue.error)}</>} retryLabel={t('picker.retry')} onRetry={() => {
          freshStart();
          setAttempt((n) => n + 1);
        }} />
    );
  } else if (asked) {
    body = (
      <ConfirmGift
        gift={asked}
        name={member.name}
        balance={balance}
        busy={sending !== null}
        error={error}
        onSend={() => void choose(asked)}
        onBack={() => {
          setAsked(null);
          setError(null);
        }}
        onLeave={onHide}
      />
    );
  } else {
    body = (
      <>
        <ul className="gift-grid" aria-label={t('picker.list')}>
          {catalogue.gifts.map((gift) => {
            const name = giftName(t, gift.key);
            const busy = sending === gift.key;
            // Shown as out of reach, with its price; its step offers credits, never a send.
            const short = gift.price > balance;
            return (
              <li key={gift.key}>
                <button
                  type="button"
                  className={`gift-option${short ? ' is-short' : ''}${busy ? ' is-busy' : ''}`}
                  onClick={() => setAsked(gift)}
                  disabled={sending !== null}
                  aria-busy={busy}
                  data-testid="gift-option"
                  data-gift={gift.key}
                  data-short={short}
                >
                  <span className="gift-option__picture">
                    <img src={giftPicture(gift.key)} alt="" width={64} height={64} />
                    {busy && <span className="gift-option__spinner spinner-border text-primary" aria-hidden="true" />}
                  </span>
                  <span className="gift-option__name">{name}</span>
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
              </li>
            );
          })}
        </ul>
        {sending && (
          <p className="visually-hidden" role="status">
            {t('picker.sending')}
          </p>
        )}
        {error !== null && <SendError error={error} onLeave={onHide} />}
      </>
    );
  }

  return (
    <Modal show={show} onHide={hide} centered aria-labelledby="gift-picker-title" className="gift-picker" data-testid="gift-picker">
      <Modal.Header closeButton closeLabel={t('picker.close')} className="border-0 pb-0">
        <Modal.Title id="gift-picker-title" as="h2" className="h5 d-flex align-items-center gap-2">
          <Icon name="gift" size={22} className="text-primary" />
          {t('picker.title', { name: member.name })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body className="pt-2">
        {!sent && (
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
        )}
        {body}
      </Modal.Body>
    </Modal>
  );
}
