import './shop.scss';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { FormAlert } from '../../shared/ui/alerts';
import { NotFoundPage } from '../../shared/ui/NotFoundPage';
import { AppLink } from '../../shared/routing/AppLink';
import { usePageTitle } from '../../shared/title';
import { priceBundles } from './bundles';
import { Checkout, type CheckoutData, useCheckoutChoice } from './CheckoutForm';
import { PaymentReturn } from './PaymentReturn';
import { shopApi } from './shopApi';
import { ShopLoading, shopErrorText } from './shopUi';
import { useTimeBonusFor } from './timeBonusStore';
import { useLoad } from '../../shared/api/useLoad';

const positive = (value: string | null | undefined) => (value && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : null);

/** /credits/:id/:paymentmethod?: choose how to pay, or (with ?order=) the payment's result. */
export function CheckoutPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const bundleId = positive(params.id);
  if (bundleId === null) return <NotFoundPage />;
  const orderId = positive(search.get('order'));
  if (orderId !== null) return <PaymentReturn orderId={orderId} bundleId={bundleId} repeated={search.get('repeat') === '1'} />;
  return <MethodChoice key={`${bundleId}/${params.paymentmethod ?? ''}`} bundleId={bundleId} preselect={params.paymentmethod} code={search.get('code')} />;
}


async function loadCheckout(bundleId: number, code: string | null, signal: AbortSignal): Promise<CheckoutData> {
  const checked = code
    ? shopApi.checkCode(code).then(
        (valid) => ({ valid, error: null }),
        (error: unknown) => ({ valid: null, error }),
      )
    : Promise.resolve({ valid: null, error: null });
  const [offer, methods, checkedCode] = await Promise.all([shopApi.bundles(signal), shopApi.methods(bundleId, signal), checked]);
  return { offer, methods, code: checkedCode };
}

function MethodChoice({ bundleId, preselect, code }: { bundleId: number; preselect?: string; code: string | null }) {
  const { t, i18n } = useTranslation('shop');
  const tc = useTranslation('common').t;
  usePageTitle(t('checkout.title'));
  const data = useLoad((signal) => loadCheckout(bundleId, code, signal), `${bundleId}/${code ?? ''}`);
  useTimeBonusFor(data.data?.offer.discount);
  // Kept while the checkout loads again (another code): what the member chose stays.
  const choice = useCheckoutChoice(preselect);

  if (data.phase === 'loading') return <ShopLoading label={t('loading')} testId="checkout-loading" />;
  if (data.phase === 'error') return <CheckoutFailed>{shopErrorText(t, tc, data.error, { language: i18n.language })}</CheckoutFailed>;
  const bundles = priceBundles(data.data.offer, data.data.code.valid);
  const index = bundles.findIndex((b) => b.id === bundleId);
  const bundle = bundles[index];
  if (!bundle) return <CheckoutFailed>{t('errors.bundle_not_found')}</CheckoutFailed>;
  return <Checkout data={data.data} bundle={bundle} index={index} code={code} choice={choice} />;
}

/** The checkout cannot be shown: why, and the way back to the bundles. */
function CheckoutFailed({ children }: { children: ReactNode }) {
  const { t } = useTranslation('shop');
  return (
    <div className="container shop-page__body shop-page__body--narrow">
      <FormAlert testId="checkout-error">
        {children} <AppLink to="credits">{t('checkout.backToBundles')}</AppLink>
      </FormAlert>
    </div>
  );
}
