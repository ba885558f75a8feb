/** The discount in force and the discount-code field. */
import './shop.scss';
import type { TFunction } from 'i18next';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLongDate } from '../../shared/i18n/dates';
import { AppLink } from '../../shared/routing/AppLink';
import { FormAlert } from '../../shared/ui/alerts';
import { Icon } from '../../shared/ui/icons';
import { formatPercentage } from './money';
import { type DiscountCode, type HeldDiscount, shopApi } from './shopApi';
import { Countdown, shopErrorText } from './shopUi';
import { useTimeBonus } from './timeBonusStore';

/**
 * What a discount is called on the page, by the kind the server gives it: the time bonus,
 * the welcome or stay discount, or "Discount code X".
 */
export function discountName(t: TFunction<'shop'>, discount: Pick<DiscountCode, 'code' | 'kind'>): string {
  if (discount.kind === 'time_bonus') return t('timeBonus.title');
  if (discount.kind === 'stay') return t('discount.stayTitle');
  if (discount.kind === 'welcome') return t('discount.welcomeTitle');
  return t('discount.codeTitle', { code: discount.code });
}

/**
 * The discount in force: the time bonus with its live countdown, the welcome discount, or
 * a code the member typed (which can be taken off again).
 */
export function DiscountBanner({ discount, typed = false, onRemove }: { discount: DiscountCode; typed?: boolean; onRemove?: () => void }) {
  const { t, i18n } = useTranslation('shop');
  const ticking = useTimeBonus((s) => s.secondsLeft !== null && s.discount?.code === discount.code);
  const percent = formatPercentage(discount.value_percentage, i18n.language);
  const timeBonus = !typed && discount.kind === 'time_bonus';
  const stay = !typed && discount.kind === 'stay';
  const title = typed ? t('discount.codeTitle', { code: discount.code }) : discountName(t, discount);
  return (
    <section className={`discount-banner${timeBonus ? ' discount-banner--bonus' : ''}`} data-testid="discount-banner" data-code={discount.code}>
      <span className="discount-banner__off">{t('timeBonus.off', { percent })}</span>
      <div className="discount-banner__body">
        <h2 className="discount-banner__title">{title}</h2>
        <p className="discount-banner__text">
          {timeBonus
            ? t('timeBonus.text', { percent })
            : typed
              ? t('discount.codeText', { percent })
              : stay
                ? t('discount.stayText', { percent })
                : t('discount.welcomeText', { percent })}
          {!timeBonus && discount.expires && <> {t('discount.until', { date: formatLongDate(discount.expires) })}</>}
        </p>
      </div>
      {timeBonus && ticking && (
        <p className="discount-banner__clock">
          <Icon name="clock" size={18} />
          <span className="visually-hidden">{t('timeBonus.endsIn')} </span>
          <Countdown className="discount-banner__countdown" testId="time-bonus-countdown" />
        </p>
      )}
      {typed && onRemove && (
        <button type="button" className="btn btn-sm btn-outline-secondary rounded-pill discount-banner__remove" onClick={onRemove} data-testid="discount-remove">
          {t('discount.remove')}
        </button>
      )}
    </section>
  );
}

/**
 * The first-purchase discount (time bonus or welcome discount) goes to one order at a
 * time: while another open order holds it, the prices are without it. Says so, which
 * order holds it, and what brings it back (that payment failing, cancelled or expired).
 */
export function HeldDiscountNote({ held }: { held: HeldDiscount }) {
  const { t, i18n } = useTranslation('shop');
  const percent = formatPercentage(held.value_percentage, i18n.language);
  return (
    <FormAlert variant="info" testId="discount-held">
      {t('discount.heldText', { percent, order: held.order })}{' '}
      <AppLink to="transactions-id" params={{ id: held.order }} data-testid="discount-held-order">
        {t('discount.heldLink', { order: held.order })}
      </AppLink>
    </FormAlert>
  );
}

/**
 * "Have a discount code?": checked with GET /api/discountcode, which prices every bundle
 * with the better of the code and the automatic discount; a refused code shows why.
 */
export function DiscountCodeField({ currency, hasAutomatic, onValid }: { currency?: string; hasAutomatic: boolean; onValid: (code: DiscountCode) => void }) {
  const { t, i18n } = useTranslation('shop');
  const tc = useTranslation('common').t;
  const id = useId();
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const code = value.trim();
    if (!code) return;
    setBusy(true);
    setError(null);
    try {
      onValid(await shopApi.checkCode(code));
      setValue('');
    } catch (failure) {
      setError(shopErrorText(t, tc, failure, { currency, language: i18n.language }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="code-field" onSubmit={(event) => void submit(event)} noValidate data-testid="code-form">
      <label htmlFor={id} className="form-label code-field__label">
        {t('discount.codeLabel')}
      </label>
      <div className="input-group has-validation">
        <input
          id={id}
          className={`form-control${error ? ' is-invalid' : ''}`}
          value={value}
          onChange={(event) => setValue(event.target.value.toUpperCase())}
          maxLength={40}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : hasAutomatic ? `${id}-hint` : undefined}
          data-testid="code-input"
        />
        <button type="submit" className="btn btn-outline-primary" disabled={busy || !value.trim()} data-testid="code-apply">
          {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          {t('discount.apply')}
        </button>
        {error && (
          <div id={`${id}-error`} className="invalid-feedback" role="alert" data-testid="code-error">
            {error}
          </div>
        )}
      </div>
      {!error && hasAutomatic && (
        <div id={`${id}-hint`} className="form-text">
          {t('discount.replaces')}
        </div>
      )}
    </form>
  );
}
