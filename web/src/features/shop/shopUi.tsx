/** Pieces shared by the shop screens: money, payment methods, order status, errors. */
import './shop.scss';
import type { TFunction } from 'i18next';
import type { SVGProps } from 'react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorKey } from '../../shared/api/errors';
import { translateError } from '../../shared/i18n/translateError';
import { countryName } from '../../shared/site';
import { formatMoney } from './money';
import type { OrderStatus } from './shopApi';
import { formatCountdown, useTimeBonus } from './timeBonusStore';

/** Cents as money in the interface language. */
export function useMoney() {
  const { i18n } = useTranslation();
  return useCallback((cents: number, currency: string) => formatMoney(cents, currency, i18n.language), [i18n.language]);
}

/** "250 credits": the number in the language's digits, then the unit word. */
export function creditsLabel(t: TFunction, count: number, language: string): string {
  return `${count.toLocaleString(language)} ${t('bundle.credits', { ns: 'shop' })}`;
}

// Brand names are the same in every language, so they stay out of the catalogs.
const BRANDS: Record<string, string> = {
  ideal: 'iDEAL',
  paypal: 'PayPal',
  bancontact: 'Bancontact',
  sofort: 'SOFORT',
};
export const CARD_BRANDS = 'Visa · Mastercard · American Express';

/** A payment method's name: "Credit card", "iDEAL", "SEPA direct debit" ... */
export function methodName(t: TFunction, method: string): string {
  return BRANDS[method] ?? t(`methods.${method}`, { ns: 'shop', defaultValue: method });
}

type Glyph = 'card' | 'bank' | 'wallet' | 'transfer';
const GLYPHS: Record<Glyph, string> = {
  card: 'M3 6a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6Zm2 0v2h14V6H5Zm14 5H5v7h14v-7ZM7 14h5v2H7v-2Z',
  bank: 'M12 2 2 7v2h20V7L12 2Zm0 2.2L17.6 7H6.4L12 4.2ZM4 11h2v7H4v-7Zm4.7 0h2v7h-2v-7Zm4.6 0h2v7h-2v-7ZM18 11h2v7h-2v-7ZM2 20h20v2H2v-2Z',
  wallet:
    'M5 4h13a1 1 0 0 1 1 1v2h1a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H5a3 3 0 0 1-3-3V7a3 3 0 0 1 3-3Zm0 2a1 1 0 0 0 0 2h12V6H5Zm-1 3.8V17a1 1 0 0 0 1 1h15v-3h-3a2.5 2.5 0 0 1 0-5h3V10H5c-.4 0-.7-.1-1-.2ZM17 12a.5.5 0 0 0 0 1h3v-1h-3Z',
  transfer: 'M16 3l5 5-5 5v-4H9V7h7V3ZM8 11v4h7v2H8v4l-5-5 5-5Z',
};
const METHOD_LOOK: Record<string, Glyph> = {
  creditcard: 'card',
  ideal: 'bank',
  bancontact: 'card',
  directdebit: 'transfer',
  paypal: 'wallet',
  sofort: 'bank',
};

/** A method's tile: its glyph on the method's colour (see shop.scss). */
export function MethodIcon({ method, size = 24, ...props }: { method: string; size?: number } & SVGProps<SVGSVGElement>) {
  return (
    <span className={`method-icon method-icon--${method}`} aria-hidden="true">
      <svg width={size} height={size} viewBox="0 0 24 24" fill="currentColor" focusable="false" {...props}>
        <path fillRule="evenodd" d={GLYPHS[METHOD_LOOK[method] ?? 'card']} />
      </svg>
    </span>
  );
}

const STATUS_VARIANT: Record<OrderStatus, string> = {
  open: 'warning',
  pending: 'warning',
  paid: 'success',
  failed: 'danger',
  canceled: 'secondary',
  expired: 'secondary',
  refunded: 'info',
  charged_back: 'dark',
};

export function StatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation('shop');
  return (
    <span className={`badge rounded-pill text-bg-${STATUS_VARIANT[status]} order-status`} data-testid="order-status" data-status={status}>
      {t(`status.${status}`)}
    </span>
  );
}

/** The time bonus's countdown, ticking with the store ("03:59:12"). */
export function Countdown({ className = '', testId }: { className?: string; testId?: string }) {
  const seconds = useTimeBonus((s) => s.secondsLeft);
  if (seconds === null) return null;
  return (
    <time className={`countdown ${className}`} dateTime={`PT${seconds}S`} data-testid={testId}>
      {formatCountdown(seconds)}
    </time>
  );
}

export interface ErrorContext {
  /** The currency of the bundles, for a code's minimum order value. */
  currency?: string;
  language: string;
}

/**
 * A shop failure in words: the shop catalog's codes (discount codes, orders) with their
 * params made readable, else the common error texts.
 */
export function shopErrorText(t: TFunction, tc: TFunction, error: unknown, { currency, language }: ErrorContext): string {
  const common = translateError(tc, error);
  if (!(error instanceof ApiError)) return common;
  const params: Record<string, unknown> = { ...error.params };
  if (typeof params.minimum === 'number') params.minimum = formatMoney(params.minimum, currency ?? 'EUR', language);
  if (typeof params.country === 'string') params.country = countryName(params.country, language);
  if (Array.isArray(params.methods)) params.methods = params.methods.map((m) => methodName(t, String(m))).join(', ');
  // The first-purchase discount is never typed: "code already used" would puzzle.
  if (error.code === 'code_used' && (params.discount === 'time_bonus' || params.discount === 'welcome')) {
    return t('errors.first_purchase_taken', { ns: 'shop', defaultValue: common });
  }
  return t(errorKey(error.code), { ns: 'shop', ...params, defaultValue: common });
}

/** A centred spinner while a shop screen loads. */
export function ShopLoading({ label, testId }: { label: string; testId?: string }) {
  return (
    <div className="shop-loading" aria-busy="true" data-testid={testId}>
      <span className="spinner-border text-primary" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
