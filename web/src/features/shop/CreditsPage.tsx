import './shop.scss';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateError } from '../../shared/i18n/translateError';
import { FormAlert } from '../../shared/ui/alerts';
import { AppLink } from '../../shared/routing/AppLink';
import { Icon } from '../../shared/ui/icons';
import { useSession } from '../../shared/session';
import { usePageTitle } from '../../shared/title';
import { BundleCard, POPULAR_INDEX, type PricedBundle, codeApplies, priceBundles } from './bundles';
import { DiscountBanner, DiscountCodeField, HeldDiscountNote, discountName } from './discountUi';
import { type DiscountCode, type Order, shopApi } from './shopApi';
import { ShopLoading, creditsLabel, methodName, useMoney } from './shopUi';
import { useTimeBonusFor, useTimeBonusVisible } from './timeBonusStore';
import { useLoad } from '../../shared/api/useLoad';

/** The last paid order, offered again in one step. */
function RepeatOffer({ order }: { order: Order }) {
  const { t } = useTranslation('shop');
  const money = useMoney();
  return (
    <AppLink to="credits-repeat-order" className="shop-link-card" data-testid="repeat-order-link">
      <Icon name="sparkle" size={22} className="shop-link-card__icon" />
      <span>
        <strong>{t('repeat.link')}</strong>
        <span className="shop-link-card__text">
          {t('repeat.summary', { credits: order.credits, price: money(order.amount, order.currency), method: methodName(t, order.method) })}
        </span>
      </span>
    </AppLink>
  );
}

/**
 * The bundles on offer and the member's last orders. When the time bonus runs out the
 * prices go back up: the offer is asked for again.
 */
function useCreditsOffer() {
  const user = useSession((s) => s.user);
  const offer = useLoad((signal) => shopApi.bundles(signal), String(user?.id));
  const paidUser = user?.paid_user ?? false;
  const history = useLoad((signal) => (paidUser ? shopApi.transactions(signal) : Promise.resolve([])), String(paidUser));
  useTimeBonusFor(offer.data?.discount);

  const bonusRunning = useTimeBonusVisible();
  const wasRunning = useRef(bonusRunning);
  const { reload } = offer;
  useEffect(() => {
    if (wasRunning.current && !bonusRunning) reload();
    wasRunning.current = bonusRunning;
  }, [bonusRunning, reload]);
  return { user, paidUser, offer, lastPaid: history.data?.find((order) => order.status === 'paid') };
}

/** The page's title, a word for first buyers and the member's balance. */
function CreditsHero({ paidUser, credits }: { paidUser: boolean; credits: number | undefined }) {
  const { t } = useTranslation('shop');
  return (
    <header className="shop-hero shop-hero--compact">
      <div className="container">
        <h1 className="shop-hero__title">{t('buy.title')}</h1>
        <p className="shop-hero__intro">{t(paidUser ? 'buy.intro' : 'buy.introFirst')}</p>
        {credits !== undefined && (
          <p className="shop-balance" data-testid="credits-balance">
            <Icon name="coins" size={18} />
            {t('buy.balance', { count: credits })}
          </p>
        )}
      </div>
    </header>
  );
}

/** The bundles, each with its price, discount note and a link to choose it (the typed code carried along). */
function BundleList({ bundles, typed, banner }: { bundles: PricedBundle[]; typed: DiscountCode | null; banner: DiscountCode | null }) {
  const { t, i18n } = useTranslation('shop');
  // The better discount applies per bundle: say so when the typed code is not it.
  const note = ({ discount_code: code, discount_kind: kind }: PricedBundle) =>
    typed && code && kind && code !== banner?.code ? t('bundle.discountApplied', { name: discountName(t, { code, kind }) }) : undefined;
  const codeQuery = typed ? `?code=${encodeURIComponent(typed.code)}` : '';
  return (
    <div className="bundle-grid" data-testid="bundle-list">
      {bundles.map((bundle, index) => (
        <BundleCard key={bundle.id} bundle={bundle} index={index} note={note(bundle)}>
          <AppLink
            to="credits-id-paymentmethod"
            params={{ id: bundle.id }}
            suffix={codeQuery}
            className={`btn rounded-pill w-100 ${index === POPULAR_INDEX ? 'btn-primary' : 'btn-outline-primary'}`}
            data-testid="bundle-choose"
          >
            {t('bundle.choose')}
            <span className="visually-hidden">: {creditsLabel(t, bundle.credits, i18n.language)}</span>
          </AppLink>
        </BundleCard>
      ))}
    </div>
  );
}

/** Links to buy the last order again and to the order history. */
function ShopLinks({ lastPaid }: { lastPaid: Order | undefined }) {
  const { t } = useTranslation('shop');
  return (
    <div className="shop-extras__links">
      {lastPaid && <RepeatOffer order={lastPaid} />}
      <AppLink to="transactions-id" className="shop-link-card" data-testid="transactions-link">
        <Icon name="calendar" size={22} className="shop-link-card__icon" />
        <span>
          <strong>{t('transactions.link')}</strong>
          <span className="shop-link-card__text">{t('transactions.linkText')}</span>
        </span>
      </AppLink>
    </div>
  );
}

function CreditsError({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation('shop');
  const tc = useTranslation('common').t;
  return (
    <div className="container shop-page__body">
      <FormAlert testId="credits-error">
        {translateError(tc, error)}{' '}
        <button type="button" className="btn btn-link p-0 align-baseline" onClick={retry}>
          {t('retry')}
        </button>
      </FormAlert>
    </div>
  );
}

/** /credits: the bundles with the discount in force, a code field, repeat and history links. */
export function CreditsPage() {
  const { t } = useTranslation('shop');
  usePageTitle(t('buy.title'));
  const { user, paidUser, offer, lastPaid } = useCreditsOffer();
  const [typed, setTyped] = useState<DiscountCode | null>(null);

  if (offer.phase === 'loading') return <ShopLoading label={t('loading')} testId="credits-loading" />;
  if (offer.phase === 'error') return <CreditsError error={offer.error} retry={offer.reload} />;

  const { discount: automatic, held_discount: held } = offer.data;
  const bundles = priceBundles(offer.data, typed);
  const codeCounts = bundles.some((bundle) => codeApplies(typed, bundle));
  const banner = typed && codeCounts ? typed : automatic;
  return (
    <div className="shop-page" data-testid="credits-page">
      <CreditsHero paidUser={paidUser} credits={user?.credits} />
      <div className="container shop-page__body">
        {banner && <DiscountBanner discount={banner} typed={banner === typed} onRemove={() => setTyped(null)} />}
        {held && <HeldDiscountNote held={held} />}
        {typed && !codeCounts && (
          <FormAlert variant="info" testId="code-not-better">
            {t('discount.notBetter', { code: typed.code })}{' '}
            <button type="button" className="btn btn-link p-0 align-baseline" onClick={() => setTyped(null)} data-testid="discount-remove">
              {t('discount.remove')}
            </button>
          </FormAlert>
        )}
        <BundleList bundles={bundles} typed={typed} banner={banner} />
        <div className="shop-extras">
          <DiscountCodeField currency={bundles[0]?.currency} hasAutomatic={automatic !== null} onValid={setTyped} />
          <ShopLinks lastPaid={lastPaid} />
        </div>
        <p className="shop-trust">
          <Icon name="shield" size={18} /> {t('buy.trust')}
        </p>
      </div>
    </div>
  );
}
