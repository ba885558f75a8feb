import './shop.scss';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../shared/ui/alerts';
import { AppLink } from '../../shared/routing/AppLink';
import { Icon, type IconName } from '../../shared/ui/icons';
import { useSession } from '../../shared/session';
import { useSettings } from '../../shared/site';
import { usePageTitle } from '../../shared/title';
import { translateError } from '../../shared/i18n/translateError';
import { BundleCard, priceBundles } from './bundles';
import { DiscountBanner } from './discountUi';
import { shopApi } from './shopApi';
import { ShopLoading } from './shopUi';
import { useTimeBonusFor } from './timeBonusStore';
import { useLoad } from '../../shared/api/useLoad';

function Feature({ icon, title, text }: { icon: IconName; title: string; text: string }) {
  return (
    <li className="shop-feature">
      <span className="shop-feature__icon" aria-hidden="true">
        <Icon name={icon} size={24} />
      </span>
      <div>
        <h3 className="shop-feature__title">{title}</h3>
        <p className="shop-feature__text">{text}</p>
      </div>
    </li>
  );
}

/** What premium brings: the first purchase makes a member premium, for good (the limits are the server's). */
function PremiumBenefits() {
  const { t } = useTranslation('shop');
  const settings = useSettings((s) => s.settings);
  const photos = { free: settings?.free_photos, max: settings?.premium_photos };
  return (
    <section className="shop-section" aria-labelledby="premium-benefits">
      <h2 id="premium-benefits" className="shop-section__title">
        {t('premium.benefitsTitle')}
      </h2>
      <p className="shop-section__intro">{t('premium.benefitsIntro')}</p>
      <ul className="shop-features">
        <Feature icon="photo" title={t('premium.photos.title', { max: photos.max })} text={t('premium.photos.text', photos)} />
        <Feature icon="lock" title={t('premium.private.title')} text={t('premium.private.text')} />
        <Feature icon="chat" title={t('premium.conversations.title')} text={t('premium.conversations.text', { free: settings?.free_conversations })} />
        <Feature icon="sparkle" title={t('premium.finder.title')} text={t('premium.finder.text')} />
        <Feature icon="check" title={t('premium.receipts.title')} text={t('premium.receipts.text')} />
      </ul>
    </section>
  );
}

/** What credits pay for, with the site's prices when it has them. */
function CreditsExplained() {
  const { t } = useTranslation('shop');
  const settings = useSettings((s) => s.settings);
  const cost = (key: 'message' | 'gift' | 'photo', credits: number | undefined) =>
    credits ? t(`credits.${key}Cost`, { count: credits }) : t(`credits.${key}`);
  return (
    <section className="shop-section" aria-labelledby="credits-explained">
      <h2 id="credits-explained" className="shop-section__title">
        {t('credits.title')}
      </h2>
      <p className="shop-section__intro">{t('credits.intro')}</p>
      <ul className="shop-features shop-features--compact">
        <Feature icon="chat" title={t('credits.messageTitle')} text={cost('message', settings?.message_credits)} />
        <Feature icon="gift" title={t('credits.giftTitle')} text={cost('gift', settings?.gift_credits)} />
        <Feature icon="eye" title={t('credits.photoTitle')} text={cost('photo', settings?.photo_credits)} />
        <Feature icon="shield" title={t('credits.noSubscriptionTitle')} text={t('credits.noSubscription')} />
      </ul>
    </section>
  );
}

/** The bundles for everyone (visitors see them by their country); members pick one. */
function PricingTable() {
  const { t } = useTranslation('shop');
  const tc = useTranslation('common').t;
  const user = useSession((s) => s.user);
  const offer = useLoad((signal) => shopApi.bundles(signal), String(user?.id ?? 'visitor'));
  useTimeBonusFor(offer.data?.discount);

  if (offer.phase === 'loading') return <ShopLoading label={t('loading')} testId="pricing-loading" />;
  if (offer.phase === 'error') {
    return (
      <FormAlert testId="pricing-error">
        {translateError(tc, offer.error)}{' '}
        <button type="button" className="btn btn-link p-0 align-baseline" onClick={offer.reload}>
          {t('retry')}
        </button>
      </FormAlert>
    );
  }
  const bundles = priceBundles(offer.data, null);
  return (
    <>
      {offer.data.discount && <DiscountBanner discount={offer.data.discount} />}
      <div className="bundle-grid" data-testid="pricing-table">
        {bundles.map((bundle, index) => (
          <BundleCard key={bundle.id} bundle={bundle} index={index}>
            {user && (
              <AppLink to="credits-id-paymentmethod" params={{ id: bundle.id }} className={`btn rounded-pill w-100 ${index === 1 ? 'btn-primary' : 'btn-outline-primary'}`} data-testid="bundle-choose">
                {t('bundle.choose')}
              </AppLink>
            )}
          </BundleCard>
        ))}
      </div>
    </>
  );
}

function CallToAction() {
  const { t } = useTranslation('shop');
  const user = useSession((s) => s.user);
  return user ? (
    <AppLink to="credits" className="btn btn-primary btn-lg rounded-pill px-4" data-testid="premium-cta">
      {t(user.paid_user ? 'premium.ctaMore' : 'premium.cta')}
    </AppLink>
  ) : (
    <AppLink to="signup" className="btn btn-primary btn-lg rounded-pill px-4" data-testid="premium-signup">
      {t('premium.signup')}
    </AppLink>
  );
}

function ShopInfoPage({ variant }: { variant: 'premium' | 'pricing' }) {
  const { t } = useTranslation('shop');
  const paid = useSession((s) => s.user?.paid_user ?? false);
  usePageTitle(t(`${variant}.title`));
  const pricing = (
    <section className="shop-section" aria-labelledby="pricing-title">
      <h2 id="pricing-title" className="shop-section__title">
        {t('pricing.tableTitle')}
      </h2>
      <p className="shop-section__intro">{t('pricing.tableIntro')}</p>
      <PricingTable />
    </section>
  );
  return (
    <div className="shop-page" data-testid={`${variant}-page`}>
      <header className="shop-hero">
        <div className="container">
          <span className="shop-hero__icon" aria-hidden="true">
            <Icon name={variant === 'premium' ? 'star' : 'coins'} size={28} />
          </span>
          <h1 className="shop-hero__title">{t(`${variant}.title`)}</h1>
          <p className="shop-hero__intro">{t(`${variant}.intro`)}</p>
          {paid && (
            <p className="shop-hero__status" data-testid="premium-status">
              <Icon name="check" size={18} /> {t('premium.youArePremium')}
            </p>
          )}
          <CallToAction />
        </div>
      </header>
      <div className="container shop-page__body">
        {variant === 'pricing' && pricing}
        <PremiumBenefits />
        <CreditsExplained />
        {variant === 'premium' && pricing}
        <div className="shop-page__cta">
          <CallToAction />
        </div>
      </div>
    </div>
  );
}

/** /premium: what premium and credits are, and the bundles. */
export function PremiumPage() {
  return <ShopInfoPage variant="premium" />;
}

/** /pricing (the footer's link): the bundles first, for visitors too. */
export function PricingPage() {
  return <ShopInfoPage variant="pricing" />;
}
