import './shop.scss';
import { type ReactNode, useEffect, useState } from 'react';
import Toast from 'react-bootstrap/Toast';
import ToastContainer from 'react-bootstrap/ToastContainer';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { pathTo } from '../../shared/routing/paths';
import { ApiError } from '../../shared/api/errors';
import { FormAlert } from '../../shared/ui/alerts';
import { AppLink } from '../../shared/routing/AppLink';
import { Icon, type IconName } from '../../shared/ui/icons';
import { useSession } from '../../shared/session';
import { usePageTitle } from '../../shared/title';
import { paymentView, usePaymentStatus } from './paymentStatus';
import type { Order } from './shopApi';
import { MethodIcon, ShopLoading, StatusBadge, methodName, shopErrorText, useMoney } from './shopUi';
import { clearTimeBonus } from './timeBonusStore';
import { type Place, wayBack } from './wayBack';

export const TOAST_MS = 6000;

function ResultCard({ icon, tone, title, children, testId }: { icon: IconName; tone: 'success' | 'danger' | 'waiting' | 'neutral'; title: string; children: ReactNode; testId: string }) {
  return (
    <section className={`payment-result payment-result--${tone}`} data-testid={testId} aria-live="polite">
      <span className="payment-result__icon" aria-hidden="true">
        {tone === 'waiting' ? <span className="spinner-border" /> : <Icon name={icon} size={34} />}
      </span>
      <h1 className="payment-result__title">{title}</h1>
      {children}
    </section>
  );
}

function OrderSummary({ order }: { order: Order }) {
  const { t } = useTranslation('shop');
  const money = useMoney();
  return (
    <p className="payment-result__summary">
      <MethodIcon method={order.method} size={18} />
      <span>
        {t('order.summary', { credits: order.credits, price: money(order.amount, order.currency), method: methodName(t, order.method) })}
      </span>
    </p>
  );
}

/** Paid: the credits are in; the session is fetched again so the nav shows them. */
function Completed({ order }: { order: Order }) {
  const { t } = useTranslation('shop');
  const [toast, setToast] = useState(true);
  return (
    <ResultCard icon="check" tone="success" title={t('result.completedTitle')} testId="payment-completed">
      <p className="payment-result__text">{t('result.completedText', { count: order.credits })}</p>
      <p className="payment-result__premium" data-testid="payment-premium">
        <Icon name="star" size={18} /> {t('result.premiumActive')}
      </p>
      <OrderSummary order={order} />
      <div className="payment-result__actions">
        <AppLink to="members" className="btn btn-primary btn-lg rounded-pill px-4" data-testid="payment-to-members">
          {t('result.toMembers')}
        </AppLink>
        <AppLink to="chats" className="btn btn-outline-primary btn-lg rounded-pill px-4" data-testid="payment-to-chats">
          {t('result.toChats')}
        </AppLink>
      </div>
      <ToastContainer className="shop-toaster">
        <Toast show={toast} onClose={() => setToast(false)} autohide delay={TOAST_MS} bg="success" data-testid="payment-toast">
          <Toast.Body className="d-flex align-items-center gap-2 text-white">
            <Icon name="coins" size={20} />
            <span className="me-auto">{t('result.toast', { count: order.credits })}</span>
            <button type="button" className="btn-close btn-close-white" onClick={() => setToast(false)} aria-label={t('close')} />
          </Toast.Body>
        </Toast>
      </ToastContainer>
    </ResultCard>
  );
}

/** Back to where the member was before the shop (wayBack.ts): "Back to the conversation". */
function WayBackLink({ place, className }: { place: Place; className: string }) {
  const { t } = useTranslation('shop');
  return (
    <AppLink to={place.route} params={place.params} className={className} data-testid="payment-way-back">
      <Icon name="arrowLeft" size={18} className="me-2" />
      {t(`wayBack.${place.kind}`)}
    </AppLink>
  );
}

/**
 * Pending: nothing to do but wait, so the member need not (issue 29.7): back to where
 * they were, or another method. A direct debit's mandate is signed and collected over
 * days: another method would pay twice, so it only offers the way back.
 */
function WayOut({ order, bundleId }: { order: Order; bundleId: number }) {
  const { t } = useTranslation('shop');
  const [place] = useState(wayBack);
  return (
    <div className="payment-result__way-out" data-testid="payment-way-out">
      <p className="payment-result__hint">{t('wayBack.hint')}</p>
      <div className="payment-result__actions">
        <WayBackLink place={place} className="btn btn-primary rounded-pill px-4" />
        {order.method !== 'directdebit' && (
          <AppLink to="credits-id-paymentmethod" params={{ id: bundleId }} className="btn btn-outline-primary rounded-pill px-4" data-testid="payment-other-method">
            {t('result.otherMethod')}
          </AppLink>
        )}
      </div>
    </div>
  );
}

/**
 * Failed, cancelled or expired: try again another way. After a failed card payment the
 * wallet (PayPal) is offered first (spec section 8).
 */
function Failed({ order, bundleId }: { order: Order; bundleId: number }) {
  const { t } = useTranslation('shop');
  const card = order.method === 'creditcard';
  const [place] = useState(wayBack);
  return (
    <ResultCard icon="warning" tone="danger" title={t('result.failedTitle')} testId="payment-failed">
      <p className="payment-result__text">{t('result.failedText')}</p>
      <p className="payment-result__hint">{t('result.failedHint')}</p>
      <OrderSummary order={order} />
      {card && (
        <div className="wallet-offer" data-testid="paypal-offer">
          <MethodIcon method="paypal" size={26} />
          <div className="wallet-offer__body">
            <h2 className="wallet-offer__title">{t('result.walletTitle')}</h2>
            <p className="wallet-offer__text">{t('result.walletText')}</p>
          </div>
          <AppLink to="credits-id-paymentmethod" params={{ id: bundleId, paymentmethod: 'paypal' }} className="btn btn-primary rounded-pill px-4" data-testid="pay-with-paypal">
            {t('result.payWithWallet', { method: methodName(t, 'paypal') })}
          </AppLink>
        </div>
      )}
      <div className="payment-result__actions">
        <AppLink
          to="credits-id-paymentmethod"
          params={{ id: bundleId }}
          className={`btn btn-lg rounded-pill px-4 ${card ? 'btn-outline-primary' : 'btn-primary'}`}
          data-testid="payment-other-method"
        >
          {t('result.otherMethod')}
        </AppLink>
        <AppLink to="credits-id-paymentmethod" params={{ id: bundleId, paymentmethod: order.method }} className="btn btn-link" data-testid="payment-retry">
          {t('result.retry', { method: methodName(t, order.method) })}
        </AppLink>
      </div>
      <WayBackLink place={place} className="btn btn-link payment-result__back" />
    </ResultCard>
  );
}

/** /credits/:id/:method?order=N: where the gateway sends the payer back. */
export function PaymentReturn({ orderId, bundleId, repeated = false }: { orderId: number; bundleId: number; repeated?: boolean }) {
  const { t, i18n } = useTranslation('shop');
  const tc = useTranslation('common').t;
  const { order, error, timedOut, recheck } = usePaymentStatus(orderId);
  const view = order ? paymentView(order.status) : null;
  usePageTitle(t(view === 'completed' ? 'result.completedTitle' : view === 'failed' ? 'result.failedTitle' : 'result.pendingTitle'));

  useEffect(() => {
    if (view !== 'completed') return;
    clearTimeBonus(); // a paying member has no time bonus any more
    void useSession.getState().refresh();
  }, [view]);

  let content: ReactNode;
  if (error !== null && !order) {
    content = (
      <FormAlert testId="payment-error">
        {shopErrorText(t, tc, error, { language: i18n.language })}{' '}
        {error instanceof ApiError && error.status === 404 ? (
          <AppLink to="transactions-id">{t('transactions.link')}</AppLink>
        ) : (
          <button type="button" className="btn btn-link p-0 align-baseline" onClick={recheck}>
            {t('retry')}
          </button>
        )}
      </FormAlert>
    );
  } else if (!order) {
    content = <ShopLoading label={t('result.loading')} testId="payment-loading" />;
  } else if (view === 'completed') {
    content = <Completed order={order} />;
  } else if (view === 'failed' && repeated && order.method === 'creditcard') {
    // A repeated card payment that failed is the recurring-card-failed case.
    content = <Navigate to={`${pathTo('recurring-card-failed')}?bundle=${bundleId}`} replace />;
  } else if (view === 'failed') {
    content = <Failed order={order} bundleId={bundleId} />;
  } else if (view === 'pending') {
    content = (
      <ResultCard icon="clock" tone={timedOut ? 'neutral' : 'waiting'} title={t('result.pendingTitle')} testId="payment-pending">
        <p className="payment-result__text">
          {/* A direct debit is collected over a few working days, not while the page waits. */}
          {t(order.method === 'directdebit' ? 'result.pendingDirectDebit' : timedOut ? 'result.slowText' : 'result.pendingText')}
        </p>
        <OrderSummary order={order} />
        {(timedOut || error !== null) && (
          <div className="payment-result__actions">
            <button type="button" className="btn btn-outline-primary rounded-pill px-4" onClick={recheck} data-testid="payment-recheck">
              {t('result.checkAgain')}
            </button>
            <AppLink to="transactions-id" params={{ id: order.id }} className="btn btn-link">
              {t('transactions.link')}
            </AppLink>
          </div>
        )}
        <WayOut order={order} bundleId={bundleId} />
      </ResultCard>
    );
  } else {
    content = (
      <ResultCard icon="info" tone="neutral" title={t('result.otherTitle')} testId="payment-other">
        <p className="payment-result__text">
          <StatusBadge status={order.status} />
        </p>
        <OrderSummary order={order} />
        <AppLink to="transactions-id" params={{ id: order.id }} className="btn btn-outline-primary rounded-pill px-4">
          {t('transactions.link')}
        </AppLink>
      </ResultCard>
    );
  }
  return <div className="container shop-page__body shop-page__body--narrow">{content}</div>;
}
