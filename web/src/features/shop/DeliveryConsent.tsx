import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '../../shared/ui/fields';

/**
 * The tick every order needs (issue 34.1): the member asks for the credits at once and
 * knows that the right of withdrawal ends for the credits they use. The server refuses an
 * order without it (delivery_consent_required) and keeps the wording's version with the
 * order (domain/checkout_consent.py): a new wording of `checkout.consent` is a new version
 * there.
 */
export function DeliveryConsent({ id, checked, onChecked, error }: { id: string; checked: boolean; onChecked: (checked: boolean) => void; error?: ReactNode }) {
  const { t } = useTranslation('shop');
  return (
    <CheckboxField
      id={id}
      name="delivery_consent"
      className="delivery-consent"
      label={t('checkout.consent')}
      checked={checked}
      onChecked={onChecked}
      error={error}
      required
      data-testid="delivery-consent"
      labelTestId="delivery-consent-text"
      errorTestId="delivery-consent-error"
    />
  );
}
