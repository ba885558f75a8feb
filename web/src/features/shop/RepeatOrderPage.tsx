import './shop.scss';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateError } from '../../shared/i18n/translateError';
import { FormAlert } from '../../shared/ui/alerts';
import { AppLink } from '../../shared/routing/AppLink';
import { Icon } from '../../shared/ui/icons';
import { usePageTitle } from '../../shared/title';
import { DeliveryConsent } from './DeliveryConsent';
import { goToCheckout, shopApi } from './shopApi';
import { MethodIcon, ShopLoading, creditsLabel, methodName, shopErrorText, useMoney } from './shopUi';
import { useLoad } from '../../shared/api/useLoad';

/** /credits/repeat-order: the last paid bundle again, by the same method, in one step. */
export function RepeatOrderPage() {
  const { t } = useTranslation('shop');
  const tc = useTranslation('common').t;
  usePageTitle(t('repeat.title'));
  // The orders and today's prices for this member: the button says what the tap costs
  // (issue 19.5), as the server will charge it (the bundle's price after the discount in force).
  const history = useLoad((signal) => Promise.all([shopApi.transactions(signal), shopApi.bundles(signal)]), 'repeat');

  let content;
  if (history.phase === 'loading') content = <ShopLoading label={t('loading')} testId="repeat-loading" />;
  else if (history.phase === 'error') content = <FormAlert testId="repeat-error">{translateError(tc, history.error)}</FormAlert>;
  else {
    const [orders, offer] = history.data;
    const last = orders.find((order) => order.status === 'paid');
    const now = last ? offer.bundles.find((bundle) => bundle.id === last.bundle_id) : undefined;
    content = !last ? (
      <div className="shop-empty" data-testid="repeat-nothing">
        <p>{t('errors.no_order_to_repeat')}</p>
        <AppLink to="credits" className="btn btn-primary rounded-pill px-4">
          {t('buy.title')}
        </AppLink>
      </div>
    ) : (
      <RepeatCard last={last} now={now} />
    );
  }

  return (
    <div className="shop-page" data-testid="repeat-page">
      <header className="shop-hero shop-hero--compact">
        <div className="container">
          <h1 className="shop-hero__title">{t('repeat.title')}</h1>
          <p className="shop-hero__intro">{t('repeat.intro')}</p>
        </div>
      </header>
      <div className="container shop-page__body shop-page__body--narrow">{content}</div>
    </div>
  );
}

type Orders = Awaited<ReturnType<typeof shopApi.transactions>>;
type Bundles = Awaited<ReturnType<typeof shopApi.bundles>>['bundles'];

/** The last paid order, its method and today's price, with the delivery tick and the button. */
function RepeatCard({ last, now }: { last: Orders[number]; now: Bundles[number] | undefined }) {
  const { t, i18n } = useTranslation('shop');
  const tc = useTranslation('common').t;
  const money = useMoney();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A repeat is a new order: the tick is asked again (issue 34.1).
  const [consented, setConsented] = useState(false);
  const [consentMissing, setConsentMissing] = useState(false);
  const consentBox = useRef<HTMLDivElement>(null);

  const confirm = async () => {
    if (!consented) {
      setConsentMissing(true);
      consentBox.current?.querySelector('input')?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      goToCheckout(await shopApi.repeatOrder());
    } catch (failure) {
      setError(shopErrorText(t, tc, failure, { language: i18n.language }));
      setBusy(false);
    }
  };

  return (
    <section className="repeat-card" data-testid="repeat-card">
      <MethodIcon method={last.method} size={30} />
      <p className="repeat-card__credits">{creditsLabel(t, last.credits, i18n.language)}</p>
      <p className="repeat-card__text">{t('repeat.text', { method: methodName(t, last.method), price: money(last.amount, last.currency) })}</p>
      <div ref={consentBox} className="repeat-card__consent">
        <DeliveryConsent
          id="repeat-consent"
          checked={consented}
          error={consentMissing && !consented ? t('checkout.consentRequired') : undefined}
          onChecked={(checked) => {
            setConsented(checked);
            if (checked) setConsentMissing(false);
          }}
        />
      </div>
      {error && <FormAlert testId="repeat-failed">{error}</FormAlert>}
      <button type="button" className="btn btn-primary btn-lg rounded-pill w-100" onClick={() => void confirm()} disabled={busy} data-testid="repeat-confirm">
        {busy ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : <Icon name="lock" size={18} className="me-2" />}
        {now
          ? t('repeat.confirmPrice', { method: methodName(t, last.method), price: money(now.discounted_price, now.currency) })
          : t('repeat.confirm', { method: methodName(t, last.method) })}
      </button>
      <AppLink to="credits" className="btn btn-link" data-testid="repeat-other">
        {t('repeat.other')}
      </AppLink>
    </section>
  );
}
