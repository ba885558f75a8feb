/**
 * The mandate form's fieldsets (issue 35.5, out of MandateForm): the account (holder, IBAN),
 * the address, and the mobile number with the code sent by SMS to sign.
 */
import { type ChangeEvent, type ReactNode, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, describedBy } from '../../shared/ui/fields';
import { SendCodeButton, SmsCodeBlock } from './DirectDebitParts';
import { IBAN_INPUT_MAX, type MandateField, caretAfterFormat, cleanSmsCode, formatIban } from './directDebit';
import type { MandateFormState, SmsCodeState } from './useMandate';

type TextFieldName = Exclude<MandateField, 'consent' | 'delivery_consent' | 'iban' | 'sms_code'>;

/** An input's attributes, a field around it, and a plain text field, all named `dd-<field>`. */
function controlsOf(form: MandateFormState) {
  const control = (name: MandateField, hint = false) => ({
    id: `dd-${name}`,
    name,
    className: `form-control form-control-lg${form.problems[name] ? ' is-invalid' : ''}`,
    ...describedBy(`dd-${name}`, Boolean(form.problems[name]), hint),
    'data-testid': `dd-${name}`,
  });
  const field = (name: MandateField, label: string, input: ReactNode, hint?: string) => (
    <Field className="dd-field" id={`dd-${name}`} errorTestId={`dd-${name}-error`} label={label} error={form.text(name)} hint={hint}>
      {input}
    </Field>
  );
  const textField = (name: TextFieldName, label: string, autoComplete: string, hint?: string) =>
    field(
      name,
      label,
      <input {...control(name, Boolean(hint))} value={form.values[name]} onChange={(event) => form.set(name, event.target.value)} autoComplete={autoComplete} maxLength={200} />,
      hint,
    );
  return { control, textField };
}

/** Account holder and IBAN. */
export function AccountSection({ form }: { form: MandateFormState }) {
  const { t } = useTranslation('shop');
  const { control, textField } = controlsOf(form);
  const ibanRef = useRef<HTMLInputElement>(null);
  const ibanCaret = useRef<number | null>(null);

  // The IBAN is re-formatted as it is typed: keep the caret where it was.
  useLayoutEffect(() => {
    const caret = ibanCaret.current;
    ibanCaret.current = null;
    const input = ibanRef.current;
    if (caret !== null && input && document.activeElement === input) input.setSelectionRange(caret, caret);
  }, [form.values.iban]);

  const onIban = (event: ChangeEvent<HTMLInputElement>) => {
    const typed = event.target.value;
    const formatted = formatIban(typed).slice(0, IBAN_INPUT_MAX);
    ibanCaret.current = caretAfterFormat(typed, event.target.selectionStart ?? typed.length, formatted);
    form.set('iban', formatted);
  };

  return (
    <fieldset className="dd-form__section">
      <legend className="checkout__legend">{t('directDebit.accountSection')}</legend>
      {textField('account_holder', t('directDebit.accountHolder'), 'name', t('directDebit.accountHolderHint'))}
      <Field className="dd-field" id="dd-iban" errorTestId="dd-iban-error" label={t('directDebit.iban')} error={form.text('iban')} hint={t('directDebit.ibanHint')}>
        <input
          {...control('iban', true)}
          ref={ibanRef}
          value={form.values.iban}
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
  );
}

/** Street and house number, postcode and city. */
export function AddressSection({ form }: { form: MandateFormState }) {
  const { t } = useTranslation('shop');
  const { textField } = controlsOf(form);
  return (
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
  );
}

/** The mobile number, its "send code" and, once sent, the code's field. */
export function ConfirmSection({ form, sms }: { form: MandateFormState; sms: SmsCodeState }) {
  const { t } = useTranslation('shop');
  const { control } = controlsOf(form);
  const { code, sending, cooldown } = sms;
  const sendCode = () => void sms.sendCode();
  return (
    <fieldset className="dd-form__section">
      <legend className="checkout__legend">{t('directDebit.confirmSection')}</legend>
      <Field className="dd-field" id="dd-phone" errorTestId="dd-phone-error" label={t('directDebit.phone')} error={form.text('phone')} hint={t('directDebit.phoneHint')}>
        <div className="input-group input-group-lg dd-phone">
          <input {...control('phone', true)} type="tel" inputMode="tel" autoComplete="tel" value={form.values.phone} onChange={(event) => form.set('phone', event.target.value)} maxLength={30} />
          {!code && <SendCodeButton sending={sending} cooldown={cooldown} onSend={sendCode} />}
        </div>
      </Field>
      {code && (
        <SmsCodeBlock sent={code} sending={sending} cooldown={cooldown} onResend={sendCode}>
          <Field className="dd-field" id="dd-sms_code" errorTestId="dd-sms_code-error" label={t('directDebit.code')} error={form.text('sms_code')}>
            <input
              {...control('sms_code')}
              className={`${control('sms_code').className} dd-code__input`}
              value={form.values.sms_code}
              onChange={(event) => form.set('sms_code', cleanSmsCode(event.target.value, code.codeLength))}
              autoComplete="one-time-code"
              inputMode="numeric"
              pattern="[0-9]*"
            />
          </Field>
        </SmsCodeBlock>
      )}
    </fieldset>
  );
}
