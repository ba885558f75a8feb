/** The bundles as cards: credits, the price (the old one struck through), per-credit price. */
import './shop.scss';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPerCredit, formatPercentage } from './money';
import type { Bundle, BundleOffer, DiscountCode } from './shopApi';
import { useMoney } from './shopUi';

/** A bundle and what the member pays for it with the discount that applies. */
export interface PricedBundle extends Bundle {
  pay: number;
}

/** The bundle the "most popular" hint goes on (the second one). */
export const POPULAR_INDEX = 1;

/**
 * Prices come from the server only, so the price shown is the price charged: the bundles
 * with the automatic discount, or, with a typed code, the server's prices for that code
 * (each bundle at the better of the code and the automatic discount).
 */
export function priceBundles(offer: Pick<BundleOffer, 'bundles'>, typed: DiscountCode | null): PricedBundle[] {
  const priced = typed?.bundles ?? offer.bundles;
  return priced.map((bundle) => ({ ...bundle, pay: bundle.discounted_price }));
}

/** Whether the typed code is the discount that gives this bundle its price. */
export function codeApplies(code: DiscountCode | null, bundle: Bundle): code is DiscountCode {
  return code !== null && bundle.discount_code === code.code;
}

export function BundleCard({
  bundle,
  index,
  selected = false,
  note,
  children,
}: {
  bundle: PricedBundle;
  index: number;
  selected?: boolean;
  /** Which discount gives this price, when the page's banner names another one. */
  note?: string;
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation('shop');
  const money = useMoney();
  const popular = index === POPULAR_INDEX;
  const reduced = bundle.pay < bundle.price;
  // The server measures the saving against the first (smallest) bundle on offer.
  const saving = bundle.saving_percentage;
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
      {note && (
        <p className="bundle-card__note" data-testid="bundle-discount-note">
          {note}
        </p>
      )}
      {saving > 0 && <p className="bundle-card__saving">{t('bundle.saving', { percent: formatPercentage(saving, i18n.language) })}</p>}
      {children && <div className="bundle-card__action">{children}</div>}
    </article>
  );
}
