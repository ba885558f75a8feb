import './shop.scss';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { formatDateTime } from '../../shared/i18n/dates';
import { FormAlert } from '../../shared/ui/alerts';
import { NotFoundPage } from '../../shared/ui/NotFoundPage';
import { AppLink } from '../../shared/routing/AppLink';
import { Icon } from '../../shared/ui/icons';
import { usePageTitle } from '../../shared/title';
import { type Order, shopApi } from './shopApi';
import { MethodIcon, ShopLoading, StatusBadge, creditsLabel, methodName, shopErrorText, useMoney } from './shopUi';
import { useLoad } from '../../shared/api/useLoad';
import { WithdrawalPanel } from './Withdrawal';

function OrderRow({ order }: { order: Order }) {
  const { t, i18n } = useTranslation('shop');
  const money = useMoney();
  return (
    <li>
      <AppLink to="transactions-id" params={{ id: order.id }} className="order-row" data-testid="order-row" data-order-id={order.id}>
        <span className="order-row__date">{formatDateTime(order.created_at)}</span>
        <span className="order-row__credits">{creditsLabel(t, order.credits, i18n.language)}</span>
        <span className="order-row__amount">{money(order.amount, order.currency)}</span>
        <span className="order-row__method">
          <MethodIcon method={order.method} size={16} />
          {methodName(t, order.method)}
        </span>
        <span className="order-row__status">
          <StatusBadge status={order.status} />
        </span>
      </AppLink>
    </li>
  );
}

function OrderList() {
  const { t, i18n } = useTranslation('shop');
  const tc = useTranslation('common').t;
  const orders = useLoad((signal) => shopApi.transactions(signal), 'list');
  if (orders.phase === 'loading') return <ShopLoading label={t('loading')} testId="transactions-loading" />;
  if (orders.phase === 'error') return <FormAlert testId="transactions-error">{shopErrorText(t, tc, orders.error, { language: i18n.language })}</FormAlert>;
  if (orders.data.length === 0) {
    return (
      <div className="shop-empty" data-testid="transactions-empty">
        <p>{t('transactions.empty')}</p>
        <AppLink to="credits" className="btn btn-primary rounded-pill px-4">
          {t('buy.title')}
        </AppLink>
      </div>
    );
  }
  return (
    <div className="order-table">
      <div className="order-row order-row--head" aria-hidden="true">
        <span>{t('transactions.date')}</span>
        <span>{t('transactions.credits')}</span>
        <span>{t('transactions.amount')}</span>
        <span>{t('transactions.method')}</span>
        <span>{t('transactions.status')}</span>
      </div>
      <ul className="order-list" data-testid="transactions-list">
        {orders.data.map((order) => (
          <OrderRow key={order.id} order={order} />
        ))}
      </ul>
    </div>
  );
}

/** A paid order's receipt (issue 34.4): the PDF to keep, and the page to read or print. */
function ReceiptLinks({ id }: { id: number }) {
  const { t } = useTranslation('shop');
  const path = `/api/transactions/${id}/receipt`;
  return (
    <p className="order-receipt" data-testid="order-receipt">
      <a href={`${path}.pdf`} download className="btn btn-outline-primary rounded-pill px-4" data-testid="receipt-pdf">
        {t('transactions.receiptPdf')}
      </a>
      <a href={path} target="_blank" rel="noopener" className="order-receipt__view" data-testid="receipt-view">
        {t('transactions.receiptView')}
      </a>
    </p>
  );
}

function OrderDetail({ id }: { id: number }) {
  const { t, i18n } = useTranslation('shop');
  const tc = useTranslation('common').t;
  const money = useMoney();
  const loaded = useLoad((signal) => shopApi.transaction(id, signal), String(id));
  if (loaded.phase === 'loading') return <ShopLoading label={t('loading')} testId="transaction-loading" />;
  if (loaded.phase === 'error') return <FormAlert testId="transaction-error">{shopErrorText(t, tc, loaded.error, { language: i18n.language })}</FormAlert>;
  const order = loaded.data;
  const rows: [string, ReactNode][] = [
    [t('transactions.number'), `#${order.id}`],
    [t('transactions.date'), formatDateTime(order.created_at)],
    [t('transactions.status'), <StatusBadge key="status" status={order.status} />],
    [t('transactions.credits'), order.credits.toLocaleString(i18n.language)],
    [t('transactions.amount'), money(order.amount, order.currency)],
    [t('transactions.method'), methodName(t, order.method)],
  ];
  if (order.discount_code) rows.push([t('transactions.discountCode'), order.discount_code]);
  if (order.paid_at) rows.push([t('transactions.paidAt'), formatDateTime(order.paid_at)]);
  if (order.payment_id) rows.push([t('transactions.reference'), <code key="ref">{order.payment_id}</code>]);
  if (order.receipt_number) rows.push([t('transactions.receiptNumber'), order.receipt_number]);
  return (
    <section className="order-detail" data-testid="transaction-detail">
      <h2 className="order-detail__title">
        <MethodIcon method={order.method} size={22} />
        {t('transactions.detailTitle', { number: order.id })}
      </h2>
      <dl className="order-detail__list">
        {rows.map(([label, value]) => (
          <div key={label} className="order-detail__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {order.receipt_number && <ReceiptLinks id={order.id} />}
      <WithdrawalPanel order={order} onChange={loaded.reload} />
      {['failed', 'canceled', 'expired'].includes(order.status) && (
        <AppLink to="credits" className="btn btn-primary rounded-pill px-4">
          {t('transactions.tryAgain')}
        </AppLink>
      )}
    </section>
  );
}

/** /transactions and /transactions/:id: the member's orders, and one of them. */
export function TransactionsPage() {
  const { t } = useTranslation('shop');
  const { id } = useParams();
  usePageTitle(t('transactions.title'));
  const orderId = id === undefined ? null : /^\d+$/.test(id) ? Number(id) : NaN;
  if (Number.isNaN(orderId)) return <NotFoundPage />;
  return (
    <div className="shop-page" data-testid="transactions-page">
      <header className="shop-hero shop-hero--compact">
        <div className="container">
          {orderId !== null ? (
            <AppLink to="transactions-id" className="shop-back" data-testid="transactions-back">
              <Icon name="arrowLeft" size={18} /> {t('transactions.back')}
            </AppLink>
          ) : (
            <AppLink to="credits" className="shop-back">
              <Icon name="arrowLeft" size={18} /> {t('checkout.backToBundles')}
            </AppLink>
          )}
          <h1 className="shop-hero__title">{t('transactions.title')}</h1>
        </div>
      </header>
      <div className="container shop-page__body">{orderId !== null ? <OrderDetail id={orderId} /> : <OrderList />}</div>
    </div>
  );
}
