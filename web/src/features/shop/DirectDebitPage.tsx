import '../../shared/ui/account.scss';
import './shop.scss';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../shared/api/errors';
import { AppLink } from '../../shared/routing/AppLink';
import { FormAlert } from '../../shared/ui/alerts';
import { usePageTitle } from '../../shared/title';
import { BackToBundles, Hero } from './DirectDebitParts';
import { BundleCard, priceBundles } from './bundles';
import { DiscountBanner } from './discountUi';
import { MandateForm } from './MandateForm';
import { type BundleOffer, shopApi } from './shopApi';
import { ShopLoading, creditsLabel, shopErrorText } from './shopUi';
import { useTimeBonusFor } from './timeBonusStore';
import { useLoad } from '../../shared/api/useLoad';

const positive = (value: string | null) => (value && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : null);

/**
 * /directdebit?bundle=N: pay a bundle by SEPA direct debit (spec sections 5 and 8). The
 * member signs a mandate (account holder, IBAN, address, mobile number) with a code sent
 * by SMS; the order is then collected later, so the member goes to the return page,
 * which shows it being processed.
 */
export function DirectDebitPage() {
  const [search] = useSearchParams();
  const bundleId = positive(search.get('bundle'));
  return bundleId === null ? <BundlePick /> : <Mandate key={bundleId} bundleId={bundleId} />;
}

function LoadFailed({ error, testId = 'dd-error' }: { error: unknown; testId?: string }) {
  const { t, i18n } = useTranslation('shop');
  const tc = useTranslation('common').t;
  return (
    <div className="container shop-page__body shop-page__body--narrow">
      <FormAlert testId={testId}>
        {shopErrorText(t, tc, error, { language: i18n.language })} <AppLink to="credits">{t('checkout.backToBundles')}</AppLink>
      </FormAlert>
    </div>
  );
}

/** Without ?bundle=: the bundles, each leading to this page for it. */
function BundlePick() {
  const { t, i18n } = useTranslation('shop');
  usePageTitle(t('directDebit.title'));
  const offer = useLoad((signal) => shopApi.bundles(signal), 'directdebit');
  useTimeBonusFor(offer.data?.discount);
  if (offer.phase === 'loading') return <ShopLoading label={t('loading')} testId="dd-loading" />;
  if (offer.phase === 'error') return <LoadFailed error={offer.error} />;
  const bundles = priceBundles(offer.data, null);
  return (
    <div className="shop-page" data-testid="directdebit-bundles">
      <Hero>
        <BackToBundles />
      </Hero>
      <div className="container shop-page__body">
        <h2 className="shop-section__title">{t('directDebit.chooseBundle')}</h2>
        {offer.data.discount && <DiscountBanner discount={offer.data.discount} />}
        <div className="bundle-grid" data-testid="bundle-list">
          {bundles.map((bundle, index) => (
            <BundleCard key={bundle.id} bundle={bundle} index={index}>
              <AppLink to="directdebit" suffix={`?bundle=${bundle.id}`} className="btn btn-outline-primary rounded-pill w-100" data-testid="bundle-choose">
                {t('bundle.choose')}
                <span className="visually-hidden">: {creditsLabel(t, bundle.credits, i18n.language)}</span>
              </AppLink>
            </BundleCard>
          ))}
        </div>
      </div>
    </div>
  );
}

interface MandateData {
  offer: BundleOffer;
  directDebit: boolean;
}

async function loadMandate(bundleId: number, signal: AbortSignal): Promise<MandateData> {
  const [offer, methods] = await Promise.all([shopApi.bundles(signal), shopApi.methods(bundleId, signal)]);
  return { offer, directDebit: methods.some((method) => method.id === 'directdebit') };
}

function Mandate({ bundleId }: { bundleId: number }) {
  const { t } = useTranslation('shop');
  usePageTitle(t('directDebit.title'));
  const data = useLoad((signal) => loadMandate(bundleId, signal), String(bundleId));
  useTimeBonusFor(data.data?.offer.discount);

  if (data.phase === 'loading') return <ShopLoading label={t('loading')} testId="dd-loading" />;
  if (data.phase === 'error') return <LoadFailed error={data.error} />;
  // The direct-debit call takes no discount code: the automatic discount is the one.
  const bundles = priceBundles(data.data.offer, null);
  const index = bundles.findIndex((b) => b.id === bundleId);
  const bundle = bundles[index];
  if (!bundle) return <LoadFailed error={new ApiError(404, 'bundle_not_found')} />;
  if (!data.data.directDebit) {
    return (
      <div className="container shop-page__body shop-page__body--narrow">
        <FormAlert testId="dd-not-offered">
          {t('errors.invalid_payment_method')}{' '}
          <AppLink to="credits-id-paymentmethod" params={{ id: bundleId }}>
            {t('result.otherMethod')}
          </AppLink>
        </FormAlert>
      </div>
    );
  }
  return <MandateForm bundle={bundle} index={index} discount={data.data.offer.discount} />;
}
