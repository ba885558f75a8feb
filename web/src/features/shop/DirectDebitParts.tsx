import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../shared/routing/AppLink';
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
