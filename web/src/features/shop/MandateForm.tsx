import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../shared/routing/AppLink';
import { FormAlert } from '../../shared/ui/alerts';
import { SubmitButton } from '../../shared/ui/buttons';
import { CheckboxField } from '../../shared/ui/fields';
import { Icon } from '../../shared/ui/icons';
import { useCompany, useSettings } from '../../shared/site';
import { Hero, StopCard } from './DirectDebitParts';
import { BundleCard, type PricedBundle } from './bundles';
import { DeliveryConsent } from './DeliveryConsent';
import { DiscountBanner } from './discountUi';
import { AccountSection, AddressSection, ConfirmSection } from './MandateSections';
import type { DiscountCode } from './shopApi';
import { shopErrorText, useMoney } from './shopUi';
import { useMandate } from './useMandate';

/**
 * The mandate: account holder, IBAN, address and mobile number, signed with a code sent by
 * SMS. A refusal either stops direct debit (blocked, over the limit: a card says so),
 * points at fields, or is an error about the whole form (useMandate).
 */
export function MandateForm({ bundle, index, discount }: { bundle: PricedBundle; index: number; discount: DiscountCode | null }) {
  const { t, i18n } = useTranslation('shop');
  const tc = useTranslation('common').t;
  const money = useMoney();
  const company = useCompany((s) => s.company?.name) ?? '';
  const siteName = useSettings((s) => s.settings?.name) ?? '';
  const { form, submit, sms, stop, dialog } = useMandate(bundle);
  const { values } = form;

  // The mandate names who collects: the company behind the site (loaded at start-up).
  useEffect(() => {
    if (!useCompany.getState().company) void useCompany.getState().load().catch(() => null);
  }, []);

  const price = money(bundle.pay, bundle.currency);

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
            <AccountSection form={form} />
            <AddressSection form={form} />
            <ConfirmSection form={form} sms={sms} />

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
