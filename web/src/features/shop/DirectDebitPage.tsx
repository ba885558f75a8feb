import '../../styles/sheets/account.scss';
import '../../styles/sheets/shop.scss';
import { type ChangeEvent, type FormEvent, type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { pathTo } from '../../shared/routing/paths';
import { ApiError } from '../../shared/api/errors';
import { fieldErrorsOf } from '../account/accountApi';
import { FormAlert } from '../../shared/ui/alerts';
import { AppLink } from '../../shared/routing/AppLink';
import { Icon } from '../../shared/ui/icons';
import { useCompany, useSettings, useSiteSettings } from '../site';
import { usePageTitle } from '../title';
import { BundleCard, type PricedBundle, priceBundles } from './bundles';
import {
  type FieldProblem,
  IBAN_INPUT_MAX,
  type MandateField,
  type MandateFields,
  caretAfterFormat,
  checkMandate,
  cleanSmsCode,
  compactIban,
  formatIban,
  useSecondsUntil,
} from './directDebit';
import { DiscountBanner } from './discountUi';
import { type BundleOffer, type DiscountCode, shopApi } from './shopApi';
import { ShopLoading, creditsLabel, shopErrorText, useMoney } from './shopUi';
import { useTimeBonusFor } from './timeBonusStore';
import { useLoad } from './useLoad';

const positive = (value: string | null) => (value && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : null);

/** The order the fields are shown in: the first one with a problem gets the focus. */
const FIELD_ORDER: MandateField[] = ['account_holder', 'iban', 'street', 'house_number', 'postcode', 'city', 'phone', 'sms_code', 'consent'];
const EMPTY: MandateFields = { account_holder: '', iban: '', street: '', house_number: '', postcode: '', city: '', phone: '', sms_code: '', consent: false };

type Problems = Partial<Record<MandateField, FieldProblem>>;
/** Why direct debit cannot be used at all: the form makes way for a card saying so. */
type Stop = { kind: 'blocked' } | { kind: 'limit'; limit: unknown };

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

function Hero({ children }: { children?: ReactNode }) {
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

function BackToBundles({ className = 'shop-back' }: { className?: string }) {
  const { t } = useTranslation('shop');
  return (
    <AppLink to="credits" className={className} data-testid="dd-back-credits">
      <Icon name="arrowLeft" size={18} /> {t('checkout.backToBundles')}
    </AppLink>
  );
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

/** A labelled field with its problem (or else its hint) underneath. */
function Field({ name, label, problem, hint, className = '', children }: { name: string; label: ReactNode; problem: string | null; hint?: ReactNode; className?: string; children: ReactNode }) {
  return (
    <div className={`dd-field account-field ${className}`}>
      <label htmlFor={`dd-${name}`} className="form-label">
        {label}
      </label>
      {children}
      {problem && (
        <div id={`dd-${name}-error`} className="invalid-feedback d-block" data-testid={`dd-${name}-error`}>
          {problem}
        </div>
      )}
      {hint && !problem && (
        <div id={`dd-${name}-hint`} className="form-text">
          {hint}
        </div>
      )}
    </div>
  );
}

function StopCard({ stop, bundleId }: { stop: Stop; bundleId: number }) {
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

interface SentCode {
  /** The number as typed when the code was sent: the code belongs to it. */
  typed: string;
  /** The number as the server understood it (+E.164). */
  phone: string;
  minutes: number;
  /** The code's digits, as the server says. */
  codeLength: number;
}

function MandateForm({ bundle, index, discount }: { bundle: PricedBundle; index: number; discount: DiscountCode | null }) {
  const { t, i18n } = useTranslation('shop');
  const tc = useTranslation('common').t;
  const money = useMoney();
  const navigate = useNavigate();
  const company = useCompany((s) => s.company?.name) ?? '';
  const siteName = useSettings((s) => s.settings?.name) ?? '';
  const mandateFieldMax = useSiteSettings().limits.mandate_field_max;
  const [fields, setFields] = useState<MandateFields>(EMPTY);
  const [problems, setProblems] = useState<Problems>({});
  const [sent, setSent] = useState<SentCode | null>(null);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const cooldown = useSecondsUntil(resendAt);
  const [sending, setSending] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [stop, setStop] = useState<Stop | null>(null);
  const ibanRef = useRef<HTMLInputElement>(null);
  const ibanCaret = useRef<number | null>(null);
  const [focusOn, setFocusOn] = useState<MandateField | null>(null);

  // The mandate names who collects: the company behind the site (loaded at start-up).
  useEffect(() => {
    if (!useCompany.getState().company) void useCompany.getState().load().catch(() => null);
  }, []);

  // The IBAN is re-formatted as it is typed: keep the caret where it was.
  useLayoutEffect(() => {
    const caret = ibanCaret.current;
    ibanCaret.current = null;
    const input = ibanRef.current;
    if (caret !== null && input && document.activeElement === input) input.setSelectionRange(caret, caret);
  }, [fields.iban]);

  useEffect(() => {
    if (!focusOn) return;
    document.getElementById(`dd-${focusOn}`)?.focus();
    setFocusOn(null);
  }, [focusOn]);

  const codeSent = sent !== null && sent.typed === fields.phone.trim();
  const price = money(bundle.pay, bundle.currency);

  const set = <K extends MandateField>(name: K, value: MandateFields[K]) => {
    setFields((f) => ({ ...f, [name]: value }));
    setProblems((p) => (p[name] ? { ...p, [name]: undefined } : p));
  };
  const text = (name: MandateField): string | null => {
    const problem = problems[name];
    if (!problem) return null;
    const params = problem.params ?? {};
    return t(`directDebit.fieldErrors.${problem.code}`, {
      ...params,
      defaultValue: shopErrorText(t, tc, new ApiError(400, problem.code, params), { currency: bundle.currency, language: i18n.language }),
    });
  };
  const showProblems = (found: Problems) => {
    setProblems(found);
    const first = FIELD_ORDER.find((name) => found[name]);
    if (first) setFocusOn(first);
  };

  /** A refusal of either call: stop, field problems, or a general error. */
  const refused = (failure: unknown, at: 'phone' | 'submit') => {
    if (!(failure instanceof ApiError)) {
      setError(failure);
      return;
    }
    switch (failure.code) {
      case 'directdebit_blocked':
        setStop({ kind: 'blocked' });
        return;
      case 'directdebit_limit_reached':
        setStop({ kind: 'limit', limit: failure.params.limit ?? '' });
        return;
      case 'invalid_fields': {
        const found = fieldErrorsOf(failure);
        if (Object.keys(found).length > 0) {
          showProblems(found as Problems);
          return;
        }
        break;
      }
      case 'too_many_sms':
        showProblems({ phone: { code: failure.code, params: failure.params } });
        return;
      case 'sms_code_invalid':
      case 'sms_code_expired':
        showProblems({ sms_code: { code: failure.code } });
        return;
    }
    if (at === 'phone') showProblems({ phone: { code: failure.code, params: failure.params } });
    else setError(failure);
  };

  const sendCode = async () => {
    const phone = fields.phone.trim();
    if (!phone) {
      showProblems({ phone: { code: 'required' } });
      return;
    }
    setSending(true);
    setError(null);
    setProblems((p) => ({ ...p, phone: undefined, sms_code: undefined }));
    try {
      const answer = await shopApi.directDebitSms(phone);
      setSent({ typed: phone, phone: answer.phone, minutes: Math.max(1, Math.round(answer.expires_in / 60)), codeLength: answer.code_length });
      setResendAt(Date.now() + answer.resend_in * 1000);
      setFields((f) => ({ ...f, sms_code: '' })); // a new code replaces the last one
      setFocusOn('sms_code');
    } catch (failure) {
      refused(failure, 'phone');
    } finally {
      setSending(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = checkMandate(fields, codeSent ? sent.codeLength : null, mandateFieldMax);
    if (Object.values(found).some(Boolean)) {
      showProblems(found);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const signed = await shopApi.directDebit({
        bundle: bundle.id,
        account_holder: fields.account_holder.trim(),
        iban: compactIban(fields.iban),
        street: fields.street.trim(),
        house_number: fields.house_number.trim(),
        postcode: fields.postcode.trim(),
        city: fields.city.trim(),
        phone: fields.phone.trim(),
        sms_code: fields.sms_code,
        consent: fields.consent,
      });
      // Collected later: the return page shows the order being processed.
      await navigate(`${pathTo('credits-id-paymentmethod', { id: bundle.id, paymentmethod: 'directdebit' })}?order=${signed.order}`);
    } catch (failure) {
      refused(failure, 'submit');
      setBusy(false);
    }
  };

  const onIban = (event: ChangeEvent<HTMLInputElement>) => {
    const typed = event.target.value;
    const formatted = formatIban(typed).slice(0, IBAN_INPUT_MAX);
    ibanCaret.current = caretAfterFormat(typed, event.target.selectionStart ?? typed.length, formatted);
    set('iban', formatted);
  };

  const control = (name: MandateField, hint = false) => ({
    id: `dd-${name}`,
    name,
    className: `form-control form-control-lg${problems[name] ? ' is-invalid' : ''}`,
    'aria-invalid': problems[name] ? true : undefined,
    'aria-describedby': problems[name] ? `dd-${name}-error` : hint ? `dd-${name}-hint` : undefined,
    'data-testid': `dd-${name}`,
  });
  const textInput = (name: Exclude<MandateField, 'consent' | 'iban' | 'sms_code'>, autoComplete: string, hint = false) => (
    <input {...control(name, hint)} value={fields[name]} onChange={(event) => set(name, event.target.value)} autoComplete={autoComplete} maxLength={200} />
  );

  return (
    <div className="shop-page" data-testid="directdebit-page">
      <Hero>
        <AppLink to="credits-id-paymentmethod" params={{ id: bundle.id }} className="shop-back" data-testid="dd-back">
          <Icon name="arrowLeft" size={18} /> {t('result.otherMethod')}
        </AppLink>
      </Hero>
      <div className="container shop-page__body checkout">
        <aside className="checkout__summary">
          <h2 className="visually-hidden">{t('checkout.yourBundle')}</h2>
          <BundleCard bundle={bundle} index={index} />
          {discount && bundle.pay < bundle.price && <DiscountBanner discount={discount} />}
        </aside>
        {stop ? (
          <StopCard stop={stop} bundleId={bundle.id} />
        ) : (
          <form className="dd-form" onSubmit={(event) => void submit(event)} noValidate data-testid="dd-form">
            <fieldset className="dd-form__section">
              <legend className="checkout__legend">{t('directDebit.accountSection')}</legend>
              <Field name="account_holder" label={t('directDebit.accountHolder')} problem={text('account_holder')} hint={t('directDebit.accountHolderHint')}>
                {textInput('account_holder', 'name', true)}
              </Field>
              <Field name="iban" label={t('directDebit.iban')} problem={text('iban')} hint={t('directDebit.ibanHint')}>
                <input
                  {...control('iban', true)}
                  ref={ibanRef}
                  value={fields.iban}
                  onChange={onIban}
                  className={`${control('iban').className} dd-iban`}
                  autoComplete="off"
                  autoCapitalize="characters"
                  autoCorrect="off"
                  spellCheck={false}
                  inputMode="text"
                />
              </Field>
            </fieldset>

            <fieldset className="dd-form__section">
              <legend className="checkout__legend">{t('directDebit.addressSection')}</legend>
              <div className="dd-form__row dd-form__row--street">
                <Field name="street" label={t('directDebit.street')} problem={text('street')}>
                  {textInput('street', 'address-line1')}
                </Field>
                <Field name="house_number" label={t('directDebit.houseNumber')} problem={text('house_number')}>
                  {textInput('house_number', 'off')}
                </Field>
              </div>
              <div className="dd-form__row dd-form__row--city">
                <Field name="postcode" label={t('directDebit.postcode')} problem={text('postcode')}>
                  {textInput('postcode', 'postal-code')}
                </Field>
                <Field name="city" label={t('directDebit.city')} problem={text('city')}>
                  {textInput('city', 'address-level2')}
                </Field>
              </div>
            </fieldset>

            <fieldset className="dd-form__section">
              <legend className="checkout__legend">{t('directDebit.confirmSection')}</legend>
              <Field name="phone" label={t('directDebit.phone')} problem={text('phone')} hint={t('directDebit.phoneHint')}>
                <div className="input-group input-group-lg dd-phone">
                  <input {...control('phone', true)} type="tel" inputMode="tel" autoComplete="tel" value={fields.phone} onChange={(event) => set('phone', event.target.value)} maxLength={30} />
                  {!codeSent && (
                    <button type="button" className="btn btn-outline-primary dd-phone__send" onClick={() => void sendCode()} disabled={sending || cooldown > 0} data-testid="dd-send-code">
                      {sending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
                      {cooldown > 0 ? t('directDebit.sendCodeIn', { seconds: cooldown }) : t('directDebit.sendCode')}
                    </button>
                  )}
                </div>
              </Field>
              {codeSent && (
                <div className="dd-code" data-testid="dd-code-block">
                  <p className="dd-code__sent" role="status" data-testid="dd-code-sent">
                    <Icon name="check" size={18} /> {t('directDebit.codeSent', { phone: sent.phone, minutes: sent.minutes })}
                  </p>
                  <Field name="sms_code" label={t('directDebit.code')} problem={text('sms_code')}>
                    <input
                      {...control('sms_code')}
                      className={`${control('sms_code').className} dd-code__input`}
                      value={fields.sms_code}
                      onChange={(event) => set('sms_code', cleanSmsCode(event.target.value, sent.codeLength))}
                      autoComplete="one-time-code"
                      inputMode="numeric"
                      pattern="[0-9]*"
                    />
                  </Field>
                  <button type="button" className="btn btn-link dd-code__resend" onClick={() => void sendCode()} disabled={sending || cooldown > 0} data-testid="dd-resend-code">
                    {sending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
                    {cooldown > 0 ? t('directDebit.resendIn', { seconds: cooldown }) : t('directDebit.resend')}
                  </button>
                </div>
              )}
            </fieldset>

            <div className={`form-check dd-consent${problems.consent ? ' is-invalid' : ''}`}>
              <input
                id="dd-consent"
                name="consent"
                type="checkbox"
                className={`form-check-input${problems.consent ? ' is-invalid' : ''}`}
                checked={fields.consent}
                onChange={(event) => set('consent', event.target.checked)}
                aria-invalid={problems.consent ? true : undefined}
                aria-describedby={problems.consent ? 'dd-consent-error' : undefined}
                data-testid="dd-consent"
              />
              <label htmlFor="dd-consent" className="form-check-label" data-testid="dd-consent-text">
                {t('directDebit.consent', { company: company || siteName, price })}
              </label>
              {problems.consent && (
                <div id="dd-consent-error" className="invalid-feedback d-block" data-testid="dd-consent-error">
                  {text('consent')}
                </div>
              )}
            </div>

            {error !== null && <FormAlert testId="dd-failed">{shopErrorText(t, tc, error, { currency: bundle.currency, language: i18n.language })}</FormAlert>}
            <button type="submit" className="btn btn-primary btn-lg rounded-pill w-100 checkout__pay" disabled={busy} aria-busy={busy} data-testid="dd-submit">
              {busy ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : <Icon name="lock" size={18} className="me-2" />}
              {t('directDebit.submit', { price })}
            </button>
            <p className="checkout__note">{t('directDebit.note')}</p>
          </form>
        )}
      </div>
    </div>
  );
}
