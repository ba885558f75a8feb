/**
 * The payment return page's state (spec section 4): loading, pending ('your order is
 * being processed'), completed, failed or cancelled. The gateway's webhook settles the
 * order in the background, so the page asks GET /api/orders/{id} every 2 s while it is
 * open or pending (for at most 2 minutes), and at once when live news says something
 * changed.
 */
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../shared/api/errors';
import { live } from '../../shared/realtime/socket';
import { type Order, type OrderStatus, shopApi } from './shopApi';

export const POLL_INTERVAL_MS = 2000;
export const POLL_LIMIT_MS = 120_000;

export type PaymentView = 'pending' | 'completed' | 'failed' | 'other';

export function paymentView(status: OrderStatus): PaymentView {
  switch (status) {
    case 'open':
    case 'pending':
      return 'pending';
    case 'paid':
      return 'completed';
    case 'failed':
    case 'canceled':
    case 'expired':
      return 'failed';
    default:
      return 'other'; // refunded or charged back meanwhile
  }
}

export interface PaymentStatus {
  order: Order | null;
  error: unknown;
  /** Still open or pending after the 2 minutes: the page stops asking. */
  timedOut: boolean;
}

interface PaymentNews {
  type: 'payment';
  order?: unknown;
  status?: unknown;
}
// 'payment' is not in the socket's LiveEvent union (yet): subscribe by name, trust nothing.
const onPaymentNews = (listener: (event: PaymentNews) => void) =>
  (live.on as unknown as (type: string, listener: (event: PaymentNews) => void) => () => void)('payment', listener);

/** Follows an order until it is settled; `recheck` starts asking again (after a time-out or error). */
export function usePaymentStatus(orderId: number): PaymentStatus & { recheck: () => void } {
  const [state, setState] = useState<PaymentStatus>({ order: null, error: null, timedOut: false });
  const [round, setRound] = useState(0);
  const recheck = useCallback(() => setRound((n) => n + 1), []);

  useEffect(() => {
    let stopped = false;
    let busy = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const started = Date.now();
    let known: Order | null = null;

    const check = async () => {
      if (stopped || busy) return;
      busy = true;
      clearTimeout(timer);
      try {
        known = await shopApi.order(orderId);
        if (stopped) return;
        const unsettled = paymentView(known.status) === 'pending';
        const timedOut = unsettled && Date.now() - started >= POLL_LIMIT_MS;
        setState({ order: known, error: null, timedOut });
        if (unsettled && !timedOut) timer = setTimeout(() => void check(), POLL_INTERVAL_MS);
      } catch (error) {
        if (stopped) return;
        // A passing network hiccup while waiting: keep asking; anything else ends here.
        const passing = known !== null && !(error instanceof ApiError && error.status !== 0) && Date.now() - started < POLL_LIMIT_MS;
        if (passing) timer = setTimeout(() => void check(), POLL_INTERVAL_MS);
        else setState((s) => ({ ...s, error }));
      } finally {
        busy = false;
      }
    };

    setState((s) => ({ ...s, error: null, timedOut: false }));
    void check();
    const offs = [
      live.on('credits', () => void check()),
      onPaymentNews((event) => {
        if (event.order === orderId) void check();
      }),
    ];
    return () => {
      stopped = true;
      clearTimeout(timer);
      offs.forEach((off) => off());
    };
  }, [orderId, round]);

  return { ...state, recheck };
}
