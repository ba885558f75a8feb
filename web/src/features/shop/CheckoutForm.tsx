import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { pathTo } from '../../shared/routing/paths';
import { FormAlert } from '../../shared/ui/alerts';
import { AppLink } from '../../shared/routing/AppLink';
import { Icon } from '../../shared/ui/icons';
import { BundleCard, type PricedBundle, codeApplies } from './bundles';
import { DeliveryConsent } from './DeliveryConsent';
import { DiscountBanner, HeldDiscountNote } from './discountUi';
import { type DiscountCode, type PaymentMethod, goToCheckout, shopApi } from './shopApi';
import { CARD_BRANDS, MethodIcon, methodName, shopErrorText, useMoney } from './shopUi';

export interface CheckoutData {
  offer: Awaited<ReturnType<typeof shopApi.bundles>>;
  methods: PaymentMethod[];
  /** The code from the credits page, checked again; or why it does not apply. */
  code: { valid: DiscountCode | null; error: unknown };
}

/** What the member chose and ticked, and the order's sending. */
export function useCheckoutChoice(preselect: string | undefined) {
  const [chosen, setChosen] = useState<string | null>(preselect ?? null);
  const [issuer, setIssuer] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The order's tick (issue 34.1): asked here, and on the mandate form for direct debit.
  const [consented, setConsented] = useState(false);
  const [consentMissing, setConsentMissing] = useState(false);
  const consentBox = useRef<HTMLDivElement>(null);
  return { chosen, setChosen, issuer, setIssuer, busy, setBusy, error, setError, consented, setConsented, consentMissing, setConsentMissing, consentBox };
}

type Choice = ReturnType<typeof useCheckoutChoice>;

interface CheckoutProps {
  data: CheckoutData;
  bundle: PricedBundle;
  index: number;
  code: string | null;
  choice: Choice;
}

/** The method (and bank) chosen, the code that goes with the order, and paying. */
function usePayment({ data: { offer, methods, code: checked }, bundle, choice }: CheckoutProps) {
  const { t, i18n } = useTranslation('shop');
  const tc = useTranslation('common').t;
  const navigate = useNavigate();
  // The server priced this bundle with the better of the code and the automatic discount;
  // the code goes with the order only when it is the one that gives this price.
  const typed = codeApplies(checked.valid, bundle) ? checked.valid : null;
  // A code may be valid for some methods only.
  const allowed = (id: string) => !typed || typed.paymentmethods.length === 0 || typed.paymentmethods.includes(id);
  // Nothing chosen yet: the likeliest method of the member's country, which the server
  // lists first (issue 19.5).
  const wanted = choice.chosen ?? methods.find((m) => allowed(m.id))?.id;
  const method = methods.find((m) => m.id === wanted && allowed(m.id)) ?? null;
  const needsBank = method !== null && method.issuers.length > 0;
  const discount = typed ?? (offer.discount?.code === bundle.discount_code ? offer.discount : null);
  // Direct debit needs a signed mandate first: its own page, which takes no discount code.
  const directDebit = method?.id === 'directdebit';
  const { issuer, consented } = choice;

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    if (!method || (needsBank && !issuer)) return;
    if (directDebit) {
      await navigate(`${pathTo('directdebit')}?bundle=${bundle.id}`);
      return;
    }
    if (!consented) {
      choice.setConsentMissing(true);
      choice.consentBox.current?.querySelector('input')?.focus();
      return;
    }
    choice.setBusy(true);
    choice.setError(null);
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
      choice.setError(shopErrorText(t, tc, failure, { currency: bundle.currency, language: i18n.language }));
      choice.setBusy(false);
    }
  };
  return { typed, allowed, method, needsBank, discount, directDebit, pay };
}

type Payment = ReturnType<typeof usePayment>;

/** The checkout: the bundle and its discount beside the methods, the bank, the tick and the pay button. */
export function Checkout(props: CheckoutProps) {
  const { t } = useTranslation('shop');
  const money = useMoney();
  const { data, bundle, choice } = props;
  const payment = usePayment(props);
  const { typed, allowed, method, needsBank, directDebit } = payment;
  const withoutCode = data.offer.bundles.find((b) => b.id === bundle.id)?.discounted_price ?? bundle.price;
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
        <CheckoutSummary {...props} payment={payment} />
        <form className="checkout__methods" onSubmit={(event) => void payment.pay(event)} noValidate>
          <fieldset>
            <legend className="checkout__legend">{t('checkout.chooseMethod')}</legend>
            <div className="method-list" data-testid="method-list">
              {data.methods.map((m) => (
                <MethodOption key={m.id} method={m} checked={method?.id === m.id} disabled={!allowed(m.id)} onChoose={() => choice.setChosen(m.id)} />
              ))}
            </div>
          </fieldset>
          {method !== null && needsBank && <BankSelect method={method} choice={choice} />}
          {directDebit && typed && (
            <FormAlert variant="info" testId="checkout-code-not-for-directdebit">
              {t('checkout.codeNotForDirectDebit', { price: money(withoutCode, bundle.currency) })}
            </FormAlert>
          )}
          {!directDebit && <ConsentBox choice={choice} />}
          {choice.error && <FormAlert testId="checkout-failed">{choice.error}</FormAlert>}
          <PayBar bundle={bundle} choice={choice} payment={payment} />
          {data.methods.length === 0 && <FormAlert testId="checkout-no-methods">{t('checkout.noMethods')}</FormAlert>}
        </form>
      </div>
    </div>
  );
}

/** The bundle, with the code's refusal or the discount it gets. */
function CheckoutSummary({ data: { offer, code: checked }, bundle, index, code, payment: { discount, typed } }: CheckoutProps & { payment: Payment }) {
  const { t, i18n } = useTranslation('shop');
  const tc = useTranslation('common').t;
  return (
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
  );
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

function BankSelect({ method, choice: { issuer, setIssuer } }: { method: PaymentMethod; choice: Choice }) {
  const { t } = useTranslation('shop');
  return (
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
  );
}

function ConsentBox({ choice: { consentBox, consented, setConsented, consentMissing, setConsentMissing } }: { choice: Choice }) {
  const { t } = useTranslation('shop');
  return (
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
  );
}

/** The pay button (on phones a bar kept above the tab bar) and what happens next. */
function PayBar({ bundle, choice: { busy, issuer }, payment: { method, needsBank, directDebit } }: { bundle: PricedBundle; choice: Choice; payment: Payment }) {
  const { t } = useTranslation('shop');
  const money = useMoney();
  return (
    <>
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
    </>
  );
}
