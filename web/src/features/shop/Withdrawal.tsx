/**
 * Withdrawal from a purchase (issue 34.2): the "Withdraw from contract here" button on a
 * transaction for 14 days after the payment, a confirmation step that says what comes
 * back, and the confirmation screen. The figures come from the server (which credits are
 * unused, what they are worth); nothing here computes money.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { answer, api, retries } from '../../shared/api/client';
import type { components } from '../../shared/api/schema';
import { formatDateTime, formatLongDate } from '../../shared/i18n/dates';
import { FormAlert } from '../../shared/ui/alerts';
import { LoginRequired } from '../../shared/api/errors';
import type { Order } from './shopApi';
import { shopErrorText, useMoney } from './shopUi';
import { useLoad } from '../../shared/api/useLoad';

export type WithdrawalPreview = components['schemas']['WithdrawalPreview'];
export type Withdrawn = components['schemas']['Withdrawn'];

function loggedIn<T>(value: T | false): T {
  if (value === false) throw new LoginRequired();
  return value;
}

export const withdrawalApi = {
  async preview(order: number, signal?: AbortSignal): Promise<WithdrawalPreview> {
    return loggedIn(await answer(api.GET('/api/orders/{order_id}/withdrawal', { params: { path: { order_id: order } }, signal })));
  },
  /** Withdraws, if the refund is still the one the member confirmed (else withdrawal_changed). Never retried silently. */
  async withdraw(order: number, refund: number): Promise<Withdrawn> {
    return loggedIn(
      await answer(api.POST('/api/transactions/{order_id}/withdraw', { params: { path: { order_id: order } }, body: { confirm: true, refund }, ...retries(0) })),
    );
  },
};

/** The last day the member may withdraw: the day before the server's first moment too late. */
function lastDay(until: string): string {
  return formatLongDate(new Date(new Date(until).getTime() - 1000));
}

function Figures({ rows }: { rows: [string, string][] }) {
  return (
    <dl className="order-detail__list withdrawal__figures">
      {rows.map(([label, value]) => (
        <div key={label} className="order-detail__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Done({ done }: { done: Withdrawn }) {
  const { t, i18n } = useTranslation('shop');
  const money = useMoney();
  const amount = money(done.withdrawal.refund, done.withdrawal.currency);
  return (
    <section className="withdrawal withdrawal--done mt-4 p-3 border rounded-3" data-testid="withdrawal-done" role="status">
      <h3 className="withdrawal__title h5">{t('withdrawal.doneTitle')}</h3>
      <p>{done.withdrawal.refund_state === 'refunded' ? t('withdrawal.refunded', { amount }) : t('withdrawal.pending', { amount })}</p>
      <Figures
        rows={[
          [t('withdrawal.takenBack'), done.withdrawal.credits.toLocaleString(i18n.language)],
          [t('withdrawal.used'), done.withdrawal.used.toLocaleString(i18n.language)],
          [t('withdrawal.refund'), amount],
          [t('withdrawal.balanceNow'), done.balance.toLocaleString(i18n.language)],
        ]}
      />
      <p className="withdrawal__note small text-body-secondary mt-2">{t('withdrawal.mailed')}</p>
    </section>
  );
}

function Confirm({ order, preview, onCancel, onDone }: { order: Order; preview: WithdrawalPreview; onCancel: () => void; onDone: (done: Withdrawn) => void }) {
  const { t, i18n } = useTranslation('shop');
  const tc = useTranslation('common').t;
  const money = useMoney();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const amount = money(preview.refund, preview.currency);
  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      onDone(await withdrawalApi.withdraw(order.id, preview.refund));
    } catch (failure) {
      setError(failure);
      setBusy(false);
    }
  };
  return (
    <section className="withdrawal withdrawal--confirm mt-4 p-3 border rounded-3" data-testid="withdrawal-confirm" aria-labelledby="withdrawal-title">
      <h3 className="withdrawal__title h5" id="withdrawal-title">
        {t('withdrawal.title')}
      </h3>
      <p>{t('withdrawal.intro', { number: order.id, date: formatDateTime(order.paid_at ?? order.created_at) })}</p>
      <Figures
        rows={[
          [t('withdrawal.unused'), preview.unused.toLocaleString(i18n.language)],
          [t('withdrawal.used'), preview.used.toLocaleString(i18n.language)],
          [t('withdrawal.refund'), amount],
          [t('withdrawal.balanceAfter'), (preview.balance - preview.unused).toLocaleString(i18n.language)],
        ]}
      />
      <p className="withdrawal__note small text-body-secondary mt-2">{t('withdrawal.explain')}</p>
      {error !== null && <FormAlert testId="withdrawal-error">{shopErrorText(t, tc, error, { currency: preview.currency, language: i18n.language })}</FormAlert>}
      <div className="withdrawal__actions d-flex flex-wrap align-items-center gap-2">
        <button type="button" className="btn btn-primary rounded-pill px-4" onClick={() => void send()} disabled={busy} data-testid="withdrawal-submit">
          {busy ? t('withdrawal.working') : t('withdrawal.confirm')}
        </button>
        <button type="button" className="btn btn-link" onClick={onCancel} disabled={busy} data-testid="withdrawal-cancel">
          {t('withdrawal.cancel')}
        </button>
      </div>
    </section>
  );
}

/**
 * A withdrawal just made, by order: the confirmation screen stays while the order above
 * it is loaded again (its status may be refunded now), which remounts the panel; the
 * remounted panel takes it over, so a later visit shows the server's account of it.
 */
const justWithdrawn = new Map<number, Withdrawn>();

/**
 * Below a transaction: the button while the member may withdraw, then the steps.
 * `onChange` loads the order again once the withdrawal is done.
 */
export function WithdrawalPanel({ order, onChange }: { order: Order; onChange?: () => void }) {
  const { t, i18n } = useTranslation('shop');
  const money = useMoney();
  const [step, setStep] = useState<'button' | 'confirm'>('button');
  const [done, setDone] = useState<Withdrawn | null>(() => justWithdrawn.get(order.id) ?? null);
  useEffect(() => {
    justWithdrawn.delete(order.id);
  }, [order.id]);
  const withdrawn = (result: Withdrawn) => {
    justWithdrawn.set(order.id, result);
    setDone(result);
    onChange?.();
  };
  const eligible = order.status === 'paid' || order.status === 'refunded';
  const loaded = useLoad((signal) => (eligible ? withdrawalApi.preview(order.id, signal) : Promise.resolve(null)), `${order.id}/${order.status}`);
  if (done) return <Done done={done} />;
  if (loaded.phase !== 'done' || loaded.data === null) return null; // no button while unsure
  const preview = loaded.data;
  if (preview.withdrawal) {
    const amount = money(preview.withdrawal.refund, preview.withdrawal.currency);
    return (
      <p className="withdrawal__note small text-body-secondary mt-2" data-testid="withdrawal-kept">
        {t('withdrawal.withdrawnOn', { date: formatLongDate(preview.withdrawal.requested_at, i18n.language) })}{' '}
        {preview.withdrawal.refund_state === 'refunded' ? t('withdrawal.refunded', { amount }) : t('withdrawal.pending', { amount })}
      </p>
    );
  }
  if (!preview.withdrawable) return null;
  if (step === 'confirm') return <Confirm order={order} preview={preview} onCancel={() => setStep('button')} onDone={withdrawn} />;
  return (
    <section className="withdrawal mt-4" data-testid="withdrawal">
      <button type="button" className="btn btn-outline-danger rounded-pill px-4" onClick={() => setStep('confirm')} data-testid="withdrawal-button">
        {t('withdrawal.button')}
      </button>
      {preview.until && <p className="withdrawal__note small text-body-secondary mt-2">{t('withdrawal.until', { date: lastDay(preview.until) })}</p>}
    </section>
  );
}
