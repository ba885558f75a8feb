/** The bundles as cards: credits, the price (the old one struck through), per-credit price. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { discounted, formatPerCredit, formatPercentage, savingPercent } from './money';
import type { Bundle, BundleOffer, DiscountCode } from './shopApi';
import { useMoney } from './shopUi';

/** A bundle and what the member pays for it with the discount in force. */
export interface PricedBundle extends Bundle {
  pay: number;
}

/** The bundle the "most popular" hint goes on (the second one). */
export const POPULAR_INDEX = 1;

/** Whether a typed code lowers this bundle's price (its currency and minimum order value). */
export function codeApplies(code: DiscountCode, bundle: Bundle): boolean {
  return (!code.currency || code.currency === bundle.currency) && bundle.price >= code.minimum_order_value;
}

/**
 * One discount at a time: a code the member typed replaces the automatic one (time bonus
 * or welcome discount, already in `discounted_price`).
 */
export function priceBundles(offer: Pick<BundleOffer, 'bundles'>, typed: DiscountCode | null): PricedBundle[] {
  return offer.bundles.map((bundle) => ({
    ...bundle,
    pay: typed ? (codeApplies(typed, bundle) ? discounted(bundle.price, typed.value_percentage) : bundle.price) : bundle.discounted_price,
  }));
}

export function BundleCard({
  bundle,
  index,
  reference,
  selected = false,
  children,
}: {
  bundle: PricedBundle;
  index: number;
  /** The bundle the saving is measured against (the first, smallest one). */
  reference?: Bundle;
  selected?: boolean;
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation('shop');
  const money = useMoney();
  const popular = index === POPULAR_INDEX;
  const reduced = bundle.pay < bundle.price;
  const saving = reference && reference !== bundle ? savingPercent(bundle, reference) : 0;
  return (
    <article
      className={`bundle-card${popular ? ' is-popular' : ''}${selected ? ' is-selected' : ''}`}
      data-testid="bundle-card"
      data-bundle-id={bundle.id}
    >
      {popular && <span className="bundle-card__ribbon">{t('bundle.popular')}</span>}
      <p className="bundle-card__credits">
        <span className="bundle-card__number">{bundle.credits.toLocaleString(i18n.language)}</span>
        <span className="bundle-card__unit">{t('bundle.credits')}</span>
      </p>
      <p className="bundle-card__price">
        {reduced && (
          <del className="bundle-card__old" data-testid="bundle-old-price">
            <span className="visually-hidden">{t('bundle.oldPrice')} </span>
            {money(bundle.price, bundle.currency)}
          </del>
        )}
        <span className="bundle-card__pay" data-testid="bundle-price">
          {reduced && <span className="visually-hidden">{t('bundle.newPrice')} </span>}
          {money(bundle.pay, bundle.currency)}
        </span>
      </p>
      <p className="bundle-card__per">{t('bundle.perCredit', { price: formatPerCredit(bundle.pay, bundle.credits, bundle.currency, i18n.language) })}</p>
      {saving > 0 && <p className="bundle-card__saving">{t('bundle.saving', { percent: formatPercentage(saving, i18n.language) })}</p>}
      {children && <div className="bundle-card__action">{children}</div>}
    </article>
  );
}
