/**
 * The shop calls of the API contract (issue 7): bundles, payment methods, discount codes,
 * orders and transactions. Amounts are whole cents with an ISO currency. Calls that need a
 * login throw LoginRequired when the session turned out to be gone.
 */
import { answer, api, retries } from '../../shared/api/client';
import type { components } from '../../shared/api/schema';
import type { Answer, RequestBody } from '../../shared/api/types';
import { LoginRequired } from '../../shared/api/errors';

export type DiscountCode = components['schemas']['DiscountCode'];
export type Order = components['schemas']['Order'];
export type OrderStatus = Order['status'];
export type BundleOffer = Answer<'getBundles'>;
/** The first-purchase discount while another open order holds it (with that order's id). */
export type HeldDiscount = NonNullable<BundleOffer['held_discount']>;
export type Bundle = BundleOffer['bundles'][number];
export type PaymentMethod = Answer<'getPaymentMethods'>['methods'][number];
export type StartedOrder = Answer<'startOrder', 201>;
export type OrderRequest = RequestBody<'startOrder'>;
export type SmsSent = Answer<'directDebitSms'>;
export type MandateRequest = RequestBody<'directDebit'>;
export type SignedMandate = Answer<'directDebit', 201>;

// Starting a payment answers at once: no silent retries that could start a second order.
const once = retries(0);

function loggedIn<T>(answer: T | false): T {
  if (answer === false) throw new LoginRequired();
  return answer;
}

export const shopApi = {
  /** The bundles on offer with the automatic discount applied; visitors too (pricing page). */
  async bundles(signal?: AbortSignal): Promise<BundleOffer> {
    return loggedIn(await answer(api.GET('/api/bundles', { signal })));
  },
  async methods(bundle: number, signal?: AbortSignal): Promise<PaymentMethod[]> {
    return loggedIn(await answer(api.GET('/api/bundles/{bundle_id}/methods', { params: { path: { bundle_id: bundle } }, signal }))).methods;
  },
  /** A typed code, checked for this member; rejects with code_not_found, code_used, ... */
  async checkCode(code: string): Promise<DiscountCode> {
    return loggedIn(await answer(api.GET('/api/discountcode', { params: { query: { code } }, ...once })));
  },
  /** The automatic discount (time bonus with seconds_left, else the welcome discount); 404 when none, 409 while an open order holds it. */
  async welcome(): Promise<DiscountCode> {
    return loggedIn(await answer(api.GET('/api/discountcode', { params: { query: { welcome: 'true' } }, ...retries(1) })));
  },
  async startOrder(order: OrderRequest): Promise<StartedOrder> {
    return loggedIn(await answer(api.POST('/api/orders', { body: order, ...once })));
  },
  /** The last paid order again; only with the tick (delivery_consent), asked again for every order. */
  async repeatOrder(): Promise<StartedOrder> {
    return loggedIn(await answer(api.POST('/api/orders/repeat', { body: { delivery_consent: true }, ...once })));
  },
  /**
   * A code by SMS to sign a direct-debit mandate (again: the same call); answers the number
   * as +E.164. Rejects with invalid_fields (phone: invalid_phone, landlines too),
   * too_many_sms, directdebit_blocked or directdebit_limit_reached.
   */
  async directDebitSms(phone: string): Promise<SmsSent> {
    return loggedIn(await answer(api.POST('/api/directdebit/sms', { body: { phone }, ...once })));
  },
  /**
   * Signs the mandate with the SMS code and starts the order (201). The collection pays it
   * later, so the order stays open: no checkout page to go to.
   */
  async directDebit(mandate: MandateRequest): Promise<SignedMandate> {
    return loggedIn(await answer(api.POST('/api/directdebit', { body: mandate, ...once })));
  },
  /** One order; the return page polls it, so a failed poll is not retried here either. */
  async order(id: number, signal?: AbortSignal): Promise<Order> {
    return loggedIn(await answer(api.GET('/api/orders/{order_id}', { params: { path: { order_id: id } }, signal, ...retries(1) }))).order;
  },
  async transactions(signal?: AbortSignal): Promise<Order[]> {
    return loggedIn(await answer(api.GET('/api/transactions', { signal }))).transactions;
  },
  async transaction(id: number, signal?: AbortSignal): Promise<Order> {
    return loggedIn(await answer(api.GET('/api/transactions/{order_id}', { params: { path: { order_id: id } }, signal }))).order;
  },
};

/** Leaving the app for the gateway; an object so tests can catch the page load. */
export const leaveApp = { assign: (url: string) => window.location.assign(url) };

/** Sends the payer to the gateway's hosted checkout (a full page load, off the app). */
export function goToCheckout(started: StartedOrder): void {
  leaveApp.assign(started.checkout_url);
}
