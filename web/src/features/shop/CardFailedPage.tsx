import './shop.scss';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AppLink } from '../../shared/routing/AppLink';
import { Icon } from '../../shared/ui/icons';
import { usePageTitle } from '../../shared/title';
import { MethodIcon, methodName } from './shopUi';

/**
 * /credits/card-failed: a recurring card payment did not go through. Try the card again,
 * or pay by the wallet (PayPal) or another method. With ?bundle= (a failed repeated
 * order) the offers go straight to that bundle; without, they start from the bundles.
 */
export function CardFailedPage() {
  const { t } = useTranslation('shop');
  usePageTitle(t('cardFailed.title'));
  const bundle = Number(useSearchParams()[0].get('bundle'));
  const id = Number.isInteger(bundle) && bundle > 0 ? bundle : null;
  return (
    <div className="container shop-page__body shop-page__body--narrow">
      <section className="payment-result payment-result--danger" data-testid="card-failed">
        <span className="payment-result__icon" aria-hidden="true">
          <Icon name="warning" size={34} />
        </span>
        <h1 className="payment-result__title">{t('cardFailed.title')}</h1>
        <p className="payment-result__text">{t('cardFailed.text')}</p>
        <div className="wallet-offer">
          <MethodIcon method="paypal" size={26} />
          <div className="wallet-offer__body">
            <h2 className="wallet-offer__title">{t('result.walletTitle')}</h2>
            <p className="wallet-offer__text">{t('cardFailed.walletText', { method: methodName(t, 'paypal') })}</p>
          </div>
          {id !== null && (
            <AppLink to="credits-id-paymentmethod" params={{ id, paymentmethod: 'paypal' }} className="btn btn-primary rounded-pill px-4" data-testid="pay-with-paypal">
              {t('result.payWithWallet', { method: methodName(t, 'paypal') })}
            </AppLink>
          )}
        </div>
        <div className="payment-result__actions">
          {id !== null ? (
            <AppLink to="credits-id-paymentmethod" params={{ id }} className="btn btn-outline-primary btn-lg rounded-pill px-4" data-testid="card-failed-other">
              {t('result.otherMethod')}
            </AppLink>
          ) : (
            <AppLink to="credits" className="btn btn-primary btn-lg rounded-pill px-4" data-testid="card-failed-other">
              {t('cardFailed.otherMethod')}
            </AppLink>
          )}
          <AppLink to="transactions-id" className="btn btn-link" data-testid="card-failed-orders">
            {t('transactions.link')}
          </AppLink>
        </div>
      </section>
    </div>
  );
}
