import './shop.scss';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { pathTo } from '../../shared/routing/paths';
import { FormAlert } from '../../shared/ui/alerts';
import { NotFoundPage } from '../../shared/ui/NotFoundPage';
import { AppLink } from '../../shared/routing/AppLink';
import { Icon } from '../../shared/ui/icons';
import { usePageTitle } from '../../shared/title';
import { BundleCard, codeApplies, priceBundles } from './bundles';
import { DeliveryConsent } from './DeliveryConsent';
import { DiscountBanner, HeldDiscountNote } from './discountUi';
import { PaymentReturn } from './PaymentReturn';
import { type DiscountCode, type PaymentMethod, goToCheckout, shopApi } from './shopApi';
import { CARD_BRANDS, MethodIcon, ShopLoading, methodName, shopErrorText, useMoney } from './shopUi';
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

interface CheckoutData {
  offer: Awaited<ReturnType<typeof shopApi.bundles>>;
  methods: PaymentMethod[];
  /** The code from the credits page, checked again; or why it does not apply. */
  code: { valid: DiscountCode | null; error: unknown };
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

function MethodOption({ method, checked, disabled, onChoose }: { method: PaymentMethod; checked: boolean; disabled: boolean; onChoose: () => void }) {
  const { t } = useTranslation('shop');
  const hint = method.id === 'creditcard' ? CARD_BRANDS : t(`methodHints.${method.id}`, { defaultValue: '' });
  return (
    <label className={`method-option${checked ? ' is-checked' : ''}${disabled ? ' is-disabled' : ''}`} data-testid={`method-${method.id}`}>
      <input type="radio" name="method" value={method.id} checked={checked} disabled={disabled} onChange={onChoose} className="method-option__radio" />
      <MethodIcon method={method.id} size={26} />
      <span className="method-option__body">
        <span className="method-option__name">{methodName(t, method.id)}</span>
        {hint && <span className="method-option__hint">{hint}</span>}
        {disabled && <span className="method-option__hint">{t('checkout.notWithCode')}</span>}
      </span>
      <span className="method-option__check" aria-hidden="true">
        <Icon name="check" size={18} />
      </span>
    </label>
  );
}

function MethodChoice({ bundleId, preselect, code }: { bundleId: number; preselect?: string; code: string | null }) {
  const { t, i18n } = useTranslation('shop');
  const tc = useTranslation('common').t;
  const money = useMoney();
  const navigate = useNavigate();
  usePageTitle(t('checkout.title'));
  const data = useLoad((signal) => loadCheckout(bundleId, code, signal), `${bundleId}/${code ?? ''}`);
  useTimeBonusFor(data.data?.offer.discount);
  const [chosen, setChosen] = useState<string | null>(preselect ?? null);
  const [issuer, setIssuer] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The order's tick (issue 34.1): asked here, and on the mandate form for direct debit.
  const [consented, setConsented] = useState(false);
  const [consentMissing, setConsentMissing] = useState(false);
  const consentBox = useRef<HTMLDivElement>(null);

  if (data.phase === 'loading') return <ShopLoading label={t('loading')} testId="checkout-loading" />;
  if (data.phase === 'error') {
    return (
      <div className="container shop-page__body shop-page__body--narrow">
        <FormAlert testId="checkout-error">
          {shopErrorText(t, tc, data.error, { language: i18n.language })}{' '}
          <AppLink to="credits">{t('checkout.backToBundles')}</AppLink>
        </FormAlert>
      </div>
    );
  }

  const { offer, methods, code: checked } = data.data;
  const bundles = priceBundles(offer, checked.valid);
  const index = bundles.findIndex((b) => b.id === bundleId);
  const bundle = bundles[index];
  if (!bundle) {
    return (
      <div className="container shop-page__body shop-page__body--narrow">
        <FormAlert testId="checkout-error">
          {t('errors.bundle_not_found')} <AppLink to="credits">{t('checkout.backToBundles')}</AppLink>
        </FormAlert>
      </div>
    );
  }
  // The server priced this bundle with the better of the code and the automatic discount;
  // the code goes with the order only when it is the one that gives this price.
  const typed = codeApplies(checked.valid, bundle) ? checked.valid : null;
  // A code may be valid for some methods only.
  const allowed = (id: string) => !typed || typed.paymentmethods.length === 0 || typed.paymentmethods.includes(id);
  // Nothing chosen yet: the likeliest method of the member's country, which the server
  // lists first (issue 19.5).
  const wanted = chosen ?? methods.find((m) => allowed(m.id))?.id;
  const method = methods.find((m) => m.id === wanted && allowed(m.id)) ?? null;
  const needsBank = method !== null && method.issuers.length > 0;
  const discount = typed ?? (offer.discount?.code === bundle.discount_code ? offer.discount : null);
  const withoutCode = offer.bundles.find((b) => b.id === bundle.id)?.discounted_price ?? bundle.price;
  // Direct debit needs a signed mandate first: its own page, which takes no discount code.
  const directDebit = method?.id === 'directdebit';

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    if (!method || (needsBank && !issuer)) return;
    if (directDebit) {
      await navigate(`${pathTo('directdebit')}?bundle=${bundle.id}`);
      return;
    }
    if (!consented) {
      setConsentMissing(true);
      consentBox.current?.querySelector('input')?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      goToCheckout(
        await shopApi.startOrder({
          bundle: bundle.id,
          method: method.id,
          issuer: needsBank ? issuer : null,
          discount_code: typed?.code ?? null,
          delivery_consent: true,
        }),
      );
      // The browser is leaving for the payment page: keep the button busy meanwhile.
    } catch (failure) {
      setError(shopErrorText(t, tc, failure, { currency: bundle.currency, language: i18n.language }));
      setBusy(false);
    }
  };

  return (
    <div className="shop-page" data-testid="checkout-page">
      <header className="shop-hero shop-hero--compact">
        <div className="container">
          <AppLink to="credits" className="shop-back" data-testid="checkout-back">
            <Icon name="arrowLeft" size={18} /> {t('checkout.backToBundles')}
          </AppLink>
          <h1 className="shop-hero__title">{t('checkout.title')}</h1>
        </div>
      </header>
      <div className="container shop-page__body checkout">
        <aside className="checkout__summary">
          <h2 className="visually-hidden">{t('checkout.yourBundle')}</h2>
          <BundleCard bundle={bundle} index={index} />
          {checked.error !== null && (
            <FormAlert variant="warning" testId="checkout-code-error">
              {t('checkout.codeRefused', { code, reason: shopErrorText(t, tc, checked.error, { currency: bundle.currency, language: i18n.language }) })}
            </FormAlert>
          )}
          {discount && bundle.pay < bundle.price && <DiscountBanner discount={discount} typed={typed !== null} />}
          {offer.held_discount && <HeldDiscountNote held={offer.held_discount} />}
          {checked.valid && !typed && (
            <FormAlert variant="info" testId="code-not-better">
              {t('discount.notBetter', { code: checked.valid.code })}
            </FormAlert>
          )}
        </aside>
        <form className="checkout__methods" onSubmit={(event) => void pay(event)} noValidate>
          <fieldset>
            <legend className="checkout__legend">{t('checkout.chooseMethod')}</legend>
            <div className="method-list" data-testid="method-list">
              {methods.map((m) => (
                <MethodOption key={m.id} method={m} checked={method?.id === m.id} disabled={!allowed(m.id)} onChoose={() => setChosen(m.id)} />
              ))}
            </div>
          </fieldset>
          {needsBank && (
            <div className="checkout__bank">
              <label htmlFor="checkout-bank" className="form-label">
                {t('checkout.chooseBank')}
              </label>
              <select id="checkout-bank" className="form-select form-select-lg" value={issuer} onChange={(event) => setIssuer(event.target.value)} required data-testid="bank-select">
                <option value="">{t('checkout.bankPlaceholder')}</option>
                {method.issuers.map((bank) => (
                  <option key={bank.id} value={bank.id}>
                    {bank.name}
                  </option>
                ))}
              </select>
            </div>
          )}
          {directDebit && typed && (
            <FormAlert variant="info" testId="checkout-code-not-for-directdebit">
              {t('checkout.codeNotForDirectDebit', { price: money(withoutCode, bundle.currency) })}
            </FormAlert>
          )}
          {!directDebit && (
            <div ref={consentBox}>
              <DeliveryConsent
                id="checkout-consent"
                checked={consented}
                error={consentMissing && !consented ? t('checkout.consentRequired') : undefined}
                onChecked={(checked) => {
                  setConsented(checked);
                  if (checked) setConsentMissing(false);
                }}
              />
            </div>
          )}
          {error && <FormAlert testId="checkout-failed">{error}</FormAlert>}
          {/* On phones a bar kept above the tab bar: the button stays in reach while the methods are read (shop.scss). */}
          <div className="checkout__paybar" data-testid="checkout-paybar">
            <button type="submit" className="btn btn-primary btn-lg rounded-pill w-100 checkout__pay" disabled={busy || !method || (needsBank && !issuer)} data-testid="checkout-pay">
              {busy ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : !directDebit && <Icon name="lock" size={18} className="me-2" />}
              {directDebit ? t('checkout.continue') : t('checkout.pay', { price: money(bundle.pay, bundle.currency) })}
            </button>
          </div>
          <p className="checkout__note">
            {!method ? t('checkout.chooseFirst') : directDebit ? t('checkout.directDebitNote') : t('checkout.redirectNote', { method: methodName(t, method.id) })}
          </p>
          {methods.length === 0 && <FormAlert testId="checkout-no-methods">{t('checkout.noMethods')}</FormAlert>}
        </form>
      </div>
    </div>
  );
}
