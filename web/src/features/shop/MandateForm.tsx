import { type ChangeEvent, type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../shared/api/errors';
import { AppLink } from '../../shared/routing/AppLink';
import { pathTo } from '../../shared/routing/paths';
import { FormAlert } from '../../shared/ui/alerts';
import { SubmitButton } from '../../shared/ui/buttons';
import { CheckboxField, Field, describedBy } from '../../shared/ui/fields';
import { useForm } from '../../shared/ui/form';
import { Icon } from '../../shared/ui/icons';
import { StepUpCancelled, useConfirmItsYou } from '../account';
import { useCompany, useSettings, useSiteSettings } from '../../shared/site';
import { Hero, SendCodeButton, type SentCode, SmsCodeBlock, type Stop, StopCard } from './DirectDebitParts';
import { BundleCard, type PricedBundle } from './bundles';
import { DeliveryConsent } from './DeliveryConsent';
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
  refusalOf,
  useCountdown,
} from './directDebit';
import { DiscountBanner } from './discountUi';
import { type DiscountCode, shopApi } from './shopApi';
import { shopErrorText, useMoney } from './shopUi';

/** The order the fields are shown in: the first one with a problem gets the focus. */
const FIELD_ORDER: MandateField[] = ['account_holder', 'iban', 'street', 'house_number', 'postcode', 'city', 'phone', 'sms_code', 'consent', 'delivery_consent'];
const EMPTY: MandateFields = {
  account_holder: '',
  iban: '',
  street: '',
  house_number: '',
  postcode: '',
  city: '',
  phone: '',
  sms_code: '',
  consent: false,
  delivery_consent: false,
};

type Problems = Partial<Record<MandateField, FieldProblem>>;

/**
 * The mandate: account holder, IBAN, address and mobile number, signed with a code sent by
 * SMS. A refusal either stops direct debit (blocked, over the limit: a card says so),
 * points at fields, or is an error about the whole form.
 */
export function MandateForm({ bundle, index, discount }: { bundle: PricedBundle; index: number; discount: DiscountCode | null }) {
  const { t, i18n } = useTranslation('shop');
  const tc = useTranslation('common').t;
  const money = useMoney();
  const navigate = useNavigate();
  const company = useCompany((s) => s.company?.name) ?? '';
  const siteName = useSettings((s) => s.settings?.name) ?? '';
  const mandateFieldMax = useSiteSettings().limits.mandate_field_max;
  const form = useForm<MandateFields, MandateField>({
    initial: EMPTY,
    order: FIELD_ORDER,
    idPrefix: 'dd',
    problemText: (_field, problem) => {
      const params = problem.params ?? {};
      return t(`directDebit.fieldErrors.${problem.code}`, {
        ...params,
        defaultValue: shopErrorText(t, tc, new ApiError(400, problem.code, params), { currency: bundle.currency, language: i18n.language }),
      });
    },
  });
  const { values } = form;
  const [sent, setSent] = useState<SentCode | null>(null);
  const [cooldown, startCooldown] = useCountdown();
  const [sending, setSending] = useState(false);
  const [stop, setStop] = useState<Stop | null>(null);
  const ibanRef = useRef<HTMLInputElement>(null);
  // The mandate is a step-up change (issue 33.5): "Confirm it's you" when the server asks.
  const { confirmed, dialog } = useConfirmItsYou();
  const ibanCaret = useRef<number | null>(null);

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
  }, [values.iban]);

  const codeSent = sent !== null && sent.typed === values.phone.trim();
  const price = money(bundle.pay, bundle.currency);

  /** A refusal of either call: the stop card, field problems, or null for a general error. */
  const refusal = (failure: unknown, at: 'phone' | 'submit'): Problems | 'handled' | null => {
    const found = refusalOf(failure, at);
    if (found && 'stop' in found) {
      setStop(found.stop);
      return 'handled';
    }
    return found;
  };

  const sendCode = async () => {
    const phone = values.phone.trim();
    if (!phone) {
      form.show({ phone: { code: 'required' } });
      return;
    }
    setSending(true);
    form.setError(null);
    form.clear('phone');
    form.clear('sms_code');
    try {
      const answer = await confirmed(() => shopApi.directDebitSms(phone));
      setSent({ typed: phone, phone: answer.phone, minutes: Math.max(1, Math.round(answer.expires_in / 60)), codeLength: answer.code_length });
      startCooldown(answer.resend_in);
      form.setValues((f) => ({ ...f, sms_code: '' })); // a new code replaces the last one
      form.focus('sms_code');
    } catch (failure) {
      if (failure instanceof StepUpCancelled) return; // closed: no code sent
      const found = refusal(failure, 'phone');
      if (found === null) form.setError(failure);
      else if (found !== 'handled') form.show(found);
    } finally {
      setSending(false);
    }
  };

  const submit = form.submit({
    check: (fields) => checkMandate(fields, codeSent ? sent.codeLength : null, mandateFieldMax),
    send: async (fields) => {
      const signed = await confirmed(() =>
        shopApi.directDebit({
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
        delivery_consent: true, // checkMandate let nothing else through
      }),
      );
      // Collected later: the return page shows the order being processed.
      await navigate(`${pathTo('credits-id-paymentmethod', { id: bundle.id, paymentmethod: 'directdebit' })}?order=${signed.order}`);
    },
    refused: (failure) => (failure instanceof StepUpCancelled ? 'handled' : refusal(failure, 'submit')),
  });

  const onIban = (event: ChangeEvent<HTMLInputElement>) => {
    const typed = event.target.value;
    const formatted = formatIban(typed).slice(0, IBAN_INPUT_MAX);
    ibanCaret.current = caretAfterFormat(typed, event.target.selectionStart ?? typed.length, formatted);
    form.set('iban', formatted);
  };

  const control = (name: MandateField, hint = false) => ({
    id: `dd-${name}`,
    name,
    className: `form-control form-control-lg${form.problems[name] ? ' is-invalid' : ''}`,
    ...describedBy(`dd-${name}`, Boolean(form.problems[name]), hint),
    'data-testid': `dd-${name}`,
  });
  const field = (name: MandateField, label: string, control: ReactNode, hint?: string) => (
    <Field className="dd-field" id={`dd-${name}`} errorTestId={`dd-${name}-error`} label={label} error={form.text(name)} hint={hint}>
      {control}
    </Field>
  );
  const textField = (name: Exclude<MandateField, 'consent' | 'delivery_consent' | 'iban' | 'sms_code'>, label: string, autoComplete: string, hint?: string) =>
    field(
      name,
      label,
      <input {...control(name, Boolean(hint))} value={values[name]} onChange={(event) => form.set(name, event.target.value)} autoComplete={autoComplete} maxLength={200} />,
      hint,
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
          <form className="dd-form" onSubmit={submit} noValidate data-testid="dd-form">
            <fieldset className="dd-form__section">
              <legend className="checkout__legend">{t('directDebit.accountSection')}</legend>
              {textField('account_holder', t('directDebit.accountHolder'), 'name', t('directDebit.accountHolderHint'))}
              <Field className="dd-field" id="dd-iban" errorTestId="dd-iban-error" label={t('directDebit.iban')} error={form.text('iban')} hint={t('directDebit.ibanHint')}>
                <input
                  {...control('iban', true)}
                  ref={ibanRef}
                  value={values.iban}
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
                {textField('street', t('directDebit.street'), 'address-line1')}
                {textField('house_number', t('directDebit.houseNumber'), 'off')}
              </div>
              <div className="dd-form__row dd-form__row--city">
                {textField('postcode', t('directDebit.postcode'), 'postal-code')}
                {textField('city', t('directDebit.city'), 'address-level2')}
              </div>
            </fieldset>

            <fieldset className="dd-form__section">
              <legend className="checkout__legend">{t('directDebit.confirmSection')}</legend>
              <Field className="dd-field" id="dd-phone" errorTestId="dd-phone-error" label={t('directDebit.phone')} error={form.text('phone')} hint={t('directDebit.phoneHint')}>
                <div className="input-group input-group-lg dd-phone">
                  <input {...control('phone', true)} type="tel" inputMode="tel" autoComplete="tel" value={values.phone} onChange={(event) => form.set('phone', event.target.value)} maxLength={30} />
                  {!codeSent && <SendCodeButton sending={sending} cooldown={cooldown} onSend={() => void sendCode()} />}
                </div>
              </Field>
              {codeSent && (
                <SmsCodeBlock sent={sent} sending={sending} cooldown={cooldown} onResend={() => void sendCode()}>
            <Field className="dd-field" id="dd-sms_code" errorTestId="dd-sms_code-error" label={t('directDebit.code')} error={form.text('sms_code')}>
              <input
                {...control('sms_code')}
                className={`${control('sms_code').className} dd-code__input`}
                value={values.sms_code}
                onChange={(event) => form.set('sms_code', cleanSmsCode(event.target.value, sent.codeLength))}
                autoComplete="one-time-code"
                inputMode="numeric"
                pattern="[0-9]*"
              />
            </Field>
                </SmsCodeBlock>
              )}
            </fieldset>

            <CheckboxField
              id="dd-consent"
              name="consent"
              className="dd-consent"
              label={t('directDebit.consent', { company: company || siteName, price })}
              checked={values.consent}
              onChecked={(checked) => form.set('consent', checked)}
              error={form.text('consent')}
              data-testid="dd-consent"
              labelTestId="dd-consent-text"
              errorTestId="dd-consent-error"
            />
            <DeliveryConsent id="dd-delivery_consent" checked={values.delivery_consent} onChecked={(checked) => form.set('delivery_consent', checked)} error={form.text('delivery_consent')} />

            {form.error !== null && <FormAlert testId="dd-failed">{shopErrorText(t, tc, form.error, { currency: bundle.currency, language: i18n.language })}</FormAlert>}
            <SubmitButton busy={form.busy} className="btn btn-primary btn-lg rounded-pill w-100 checkout__pay" icon={<Icon name="lock" size={18} className="me-2" />} testId="dd-submit">
              {t('directDebit.submit', { price })}
            </SubmitButton>
            <p className="checkout__note">{t('directDebit.note')}</p>
          </form>
        )}
      </div>
      {dialog}
    </div>
  );
}
