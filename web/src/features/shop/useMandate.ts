/**
 * The mandate's state (issue 35.5, out of MandateForm): its fields, the code sent by SMS to
 * sign it and the signing; both calls are step-up changes (issue 33.5) and a refusal either
 * stops direct debit (blocked, over the limit), points at fields, or is a general error.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../shared/api/errors';
import { pathTo } from '../../shared/routing/paths';
import { useSiteSettings } from '../../shared/site';
import { StepUpCancelled, useConfirmItsYou } from '../../shared/stepUp';
import { useForm } from '../../shared/ui/form';
import type { SentCode, Stop } from './DirectDebitParts';
import type { PricedBundle } from './bundles';
import { type FieldProblem, type MandateField, type MandateFields, checkMandate, compactIban, refusalOf, useCountdown } from './directDebit';
import { shopApi } from './shopApi';
import { shopErrorText } from './shopUi';

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
/** A refusal of either call: the stop card shown ('handled'), field problems, or null for a general error. */
type Refusal = (failure: unknown, at: 'phone' | 'submit') => Problems | 'handled' | null;
type Confirmed = ReturnType<typeof useConfirmItsYou>['confirmed'];

/** The mandate's fields, their problems in the shop's words. */
function useMandateFields(bundle: PricedBundle) {
  const { t, i18n } = useTranslation('shop');
  const tc = useTranslation('common').t;
  return useForm<MandateFields, MandateField>({
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
}

export type MandateFormState = ReturnType<typeof useMandateFields>;

/** The code sent by SMS: `code` is the one sent to the number in the field now, else null. */
function useSmsCode(form: MandateFormState, confirmed: Confirmed, refusal: Refusal) {
  const [sent, setSent] = useState<SentCode | null>(null);
  const [cooldown, startCooldown] = useCountdown();
  const [sending, setSending] = useState(false);

  const sendCode = async () => {
    const phone = form.values.phone.trim();
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

  const code = sent !== null && sent.typed === form.values.phone.trim() ? sent : null;
  return { code, cooldown, sending, sendCode };
}

export type SmsCodeState = ReturnType<typeof useSmsCode>;

/** The mandate: its fields, the SMS code, the signing, the stop card and "Confirm it's you". */
export function useMandate(bundle: PricedBundle) {
  const navigate = useNavigate();
  const mandateFieldMax = useSiteSettings().limits.mandate_field_max;
  const form = useMandateFields(bundle);
  const [stop, setStop] = useState<Stop | null>(null);
  // The mandate is a step-up change (issue 33.5): "Confirm it's you" when the server asks.
  const { confirmed, dialog } = useConfirmItsYou();

  const refusal: Refusal = (failure, at) => {
    const found = refusalOf(failure, at);
    if (found && 'stop' in found) {
      setStop(found.stop);
      return 'handled';
    }
    return found;
  };
  const sms = useSmsCode(form, confirmed, refusal);

  const submit = form.submit({
    check: (fields) => checkMandate(fields, sms.code ? sms.code.codeLength : null, mandateFieldMax),
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

  return { form, submit, sms, stop, dialog };
}
