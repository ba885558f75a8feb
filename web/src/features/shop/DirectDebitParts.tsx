import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../shared/routing/AppLink';
import { BusySpinner } from '../../shared/ui/buttons';
import { Icon } from '../../shared/ui/icons';

/** Why direct debit cannot be used at all: the form makes way for a card saying so. */
export type Stop = { kind: 'blocked' } | { kind: 'limit'; limit: unknown };

/** The direct-debit screens' header. */
export function Hero({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('shop');
  return (
    <header className="shop-hero shop-hero--compact">
      <div className="container">
        {children}
        <h1 className="shop-hero__title">{t('directDebit.title')}</h1>
        <p className="shop-hero__intro">{t('directDebit.intro')}</p>
      </div>
    </header>
  );
}

/** Back to the bundles of the credits page. */
export function BackToBundles({ className = 'shop-back' }: { className?: string }) {
  const { t } = useTranslation('shop');
  return (
    <AppLink to="credits" className={className} data-testid="dd-back-credits">
      <Icon name="arrowLeft" size={18} /> {t('checkout.backToBundles')}
    </AppLink>
  );
}

/** Direct debit cannot be used: blocked, or over the limit; other ways to pay. */
export function StopCard({ stop, bundleId }: { stop: Stop; bundleId: number }) {
  const { t } = useTranslation('shop');
  const blocked = stop.kind === 'blocked';
  const card = useRef<HTMLElement>(null);
  // It takes the place of a long form: bring it into view (on a phone the form was scrolled).
  useEffect(() => {
    card.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, []);
  return (
    <section ref={card} className="payment-result payment-result--danger dd-stop" role="alert" data-testid={blocked ? 'dd-blocked' : 'dd-limit'}>
      <span className="payment-result__icon" aria-hidden="true">
        <Icon name="warning" size={34} />
      </span>
      <h2 className="payment-result__title">{t(blocked ? 'directDebit.blockedTitle' : 'directDebit.limitTitle')}</h2>
      <p className="payment-result__text">{blocked ? t('directDebit.blockedText') : t('directDebit.limitText', { limit: stop.kind === 'limit' ? stop.limit : '' })}</p>
      <div className="payment-result__actions">
        <AppLink to="credits-id-paymentmethod" params={{ id: bundleId }} className="btn btn-primary btn-lg rounded-pill px-4" data-testid="dd-other-method">
          {t('result.otherMethod')}
        </AppLink>
        <BackToBundles className="btn btn-link" />
      </div>
    </section>
  );
}

export interface SentCode {
  /** The number as typed when the code was sent: the code belongs to it. */
  typed: string;
  /** The number as the server understood it (+E.164). */
  phone: string;
  minutes: number;
  /** The code's digits, as the server says. */
  codeLength: number;
}

/** Sends the SMS code (or sends it again), counting down while the server makes the member wait. */
export function SendCodeButton({ sending, cooldown, onSend, resend = false }: { sending: boolean; cooldown: number; onSend: () => void; resend?: boolean }) {
  const { t } = useTranslation('shop');
  const label = resend
    ? cooldown > 0
      ? t('directDebit.resendIn', { seconds: cooldown })
      : t('directDebit.resend')
    : cooldown > 0
      ? t('directDebit.sendCodeIn', { seconds: cooldown })
      : t('directDebit.sendCode');
  return (
    <button
      type="button"
      className={resend ? 'btn btn-link dd-code__resend' : 'btn btn-outline-primary dd-phone__send'}
      onClick={onSend}
      disabled={sending || cooldown > 0}
      data-testid={resend ? 'dd-resend-code' : 'dd-send-code'}
    >
      {sending && <BusySpinner />}
      {label}
    </button>
  );
}

/** Once the code is sent: where it went, the field for it (children), and sending it again. */
export function SmsCodeBlock({ sent, sending, cooldown, onResend, children }: { sent: SentCode; sending: boolean; cooldown: number; onResend: () => void; children: ReactNode }) {
  const { t } = useTranslation('shop');
  return (
    <div className="dd-code" data-testid="dd-code-block">
      <p className="dd-code__sent" role="status" data-testid="dd-code-sent">
        <Icon name="check" size={18} /> {t('directDebit.codeSent', { phone: sent.phone, minutes: sent.minutes })}
      </p>
      {children}
      <SendCodeButton resend sending={sending} cooldown={cooldown} onSend={onResend} />
    </div>
  );
}
