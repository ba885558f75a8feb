import { act, fireEvent, render, screen } from '@testing-library/react';
import { StrictMode, Suspense } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api/errors';
import { i18n } from '../../shared/i18n/i18n';
import { settingsFixture, userFixture } from '../../test/fixtures';
import { seedStores, setupTestI18n } from '../../test/render';
import { flush } from '../../test/time';
import { useSession } from '../../shared/session';
import { codeApplies, priceBundles } from './bundles';
import { CardFailedPage } from './CardFailedPage';
import { CheckoutPage } from './CheckoutPage';
import { CreditsPage } from './CreditsPage';
import { formatMoney, formatPerCredit } from './money';
import { POLL_INTERVAL_MS, POLL_LIMIT_MS, paymentView } from './paymentStatus';
import { type Bundle, type DiscountCode, type Order, leaveApp } from './shopApi';
import { shopErrorText } from './shopUi';
import { TIME_BONUS_DISMISSED_KEY, TIME_BONUS_MODAL_DELAY_MS, inMembersArea, mayOfferModal, rememberDismissal, wasDismissed } from './timeBonusModal';
import { TimeBonusSlot } from './TimeBonusSlot';
import { clearTimeBonus, formatCountdown, loadTimeBonus, mayHaveTimeBonus, useTimeBonus } from './timeBonusStore';
import { stubFetch } from '../../test/fetchStub';

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function code(overrides: Partial<DiscountCode> = {}): DiscountCode {
  return {
    code: 'TIMEBONUS25',
    country: null,
    user_id: 7,
    expires: null,
    value_percentage: 25,
    currency: null,
    minimum_order_value: 0,
    status: 'active',
    validity: 'once-per-user',
    expired: false,
    paymentmethods: [],
    kind: 'time_bonus',
    ...overrides,
  };
}

function order(overrides: Partial<Order> = {}): Order {
  return {
    id: 9,
    payment_id: 'tr_sandbox_1',
    bundle_id: 2,
    credits: 250,
    method: 'ideal',
    amount: 2249,
    currency: 'EUR',
    status: 'open',
    discount_code: 'TIMEBONUS25',
    created_at: '2026-03-01T10:00:00+00:00',
    paid_at: null,
    receipt_number: null,
    ...overrides,
  };
}

/** The server's bundles: each priced, with its saving per credit against the first. */
const BUNDLES: Bundle[] = [
  { id: 1, credits: 100, price: 1499, currency: 'EUR', discounted_price: 1124, discount_code: 'TIMEBONUS25', discount_kind: 'time_bonus', saving_percentage: 0 },
  { id: 2, credits: 250, price: 2999, currency: 'EUR', discounted_price: 2249, discount_code: 'TIMEBONUS25', discount_kind: 'time_bonus', saving_percentage: 20 },
  { id: 3, credits: 600, price: 5999, currency: 'EUR', discounted_price: 4499, discount_code: 'TIMEBONUS25', discount_kind: 'time_bonus', saving_percentage: 33 },
];
const FULL_PRICE: Bundle[] = BUNDLES.map((b) => ({ ...b, discounted_price: b.price, discount_code: null, discount_kind: null }));
/** The server's prices with a typed code: the code where it beats the time bonus. */
const withCode = (typed: string, prices: (number | null)[]): Bundle[] =>
  BUNDLES.map((b, i) => (prices[i] == null ? b : { ...b, discounted_price: prices[i]!, discount_code: typed, discount_kind: 'code' }));
const METHODS = [
  { id: 'creditcard', issuers: [] },
  { id: 'ideal', issuers: [{ id: 'ideal_INGBNL2A', name: 'ING' }, { id: 'ideal_RABONL2U', name: 'Rabobank' }] },
  { id: 'paypal', issuers: [] },
];

let fetchMock: ReturnType<typeof vi.fn>;
let serve: (url: URL, init?: RequestInit) => Response;
const calls = (path: string, method = 'GET') =>
  fetchMock.mock.calls.filter(
    ([url, init]) => new URL(String(url), 'http://amora.test').pathname === path && ((init as RequestInit | undefined)?.method ?? 'GET') === method,
  );

/** A member who signed up a minute ago and never paid: the server gives the time bonus window. */
const newMember = () =>
  userFixture({
    paid_user: false,
    credits: 0,
    signup_date: new Date(Date.now() - 60_000).toISOString(),
    time_bonus_until: new Date(Date.now() - 60_000 + 4 * 3600_000).toISOString(),
  });

beforeAll(async () => {
  await setupTestI18n();
  await i18n.loadNamespaces(['shop']);
  // The lazy modal resolves at once in the slot tests.
  await import('./TimeBonusModal');
});
beforeEach(() => {
  seedStores({ settings: settingsFixture() });
  useSession.setState({ user: userFixture() });
  serve = () => json(404, { error: 'not_found', params: {} });
  fetchMock = vi.fn((url: string, init?: RequestInit) => Promise.resolve(serve(new URL(url, 'http://amora.test'), init)));
  stubFetch(fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  clearTimeBonus();
  useSession.setState({ user: null });
});

function renderAt(path: string, element: React.ReactElement, pattern = '*') {
  const router = createMemoryRouter(
    [
      { path: pattern, element },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** Lets fetch answers and React updates run (event-loop turns, not a sleep); fake time moves by `ms`. */
async function settle(ms = 0) {
  if (vi.isFakeTimers()) await act(() => vi.advanceTimersByTimeAsync(ms));
  await flush();
}

describe('money', () => {
  it('formats cents in the interface language and currency', () => {
    expect(formatMoney(1499, 'EUR', 'en')).toBe('€14.99');
    expect(formatMoney(1499, 'EUR', 'nl')).toBe('€\u00a014,99');
    expect(formatMoney(1499, 'EUR', 'de')).toBe('14,99\u00a0€');
    expect(formatMoney(1299, 'GBP', 'en')).toBe('£12.99');
    expect(formatMoney(100, 'XYZ1', 'en')).toBe('1.00 XYZ1');
  });

  it('shows the price per credit', () => {
    expect(formatPerCredit(2249, 250, 'EUR', 'en')).toBe('€0.09');
  });

  it('shows only the server prices: a typed code brings its own, per bundle', () => {
    expect(priceBundles({ bundles: BUNDLES }, null).map((b) => b.pay)).toEqual([1124, 2249, 4499]);
    // 40 % from 20 euros on: the small bundle keeps the time bonus, as the server said.
    const big = code({ code: 'BIG40', kind: 'code', value_percentage: 40, minimum_order_value: 2000, bundles: withCode('BIG40', [null, 1799, 3599]) });
    const priced = priceBundles({ bundles: BUNDLES }, big);
    expect(priced.map((b) => b.pay)).toEqual([1124, 1799, 3599]);
    expect(priced.map((b) => codeApplies(big, b))).toEqual([false, true, true]);
    expect(codeApplies(null, BUNDLES[0]!)).toBe(false);
  });
});

describe('shop errors', () => {
  const t = i18n.getFixedT('en', 'shop');
  const tc = i18n.getFixedT('en', 'common');

  it('words the discount-code refusals with readable params', () => {
    expect(shopErrorText(t, tc, new ApiError(404, 'code_not_found'), { language: 'en' })).toBe('Code not found');
    expect(shopErrorText(t, tc, new ApiError(409, 'code_used'), { language: 'en' })).toBe('Code already used');
    expect(shopErrorText(t, tc, new ApiError(400, 'code_minimum_order', { minimum: 2500 }), { currency: 'EUR', language: 'en' })).toBe(
      'This code is only valid for orders of €25.00 or more.',
    );
    expect(shopErrorText(t, tc, new ApiError(400, 'code_country', { country: 'NL' }), { language: 'en' })).toContain('Netherlands');
    expect(shopErrorText(t, tc, new ApiError(400, 'code_payment_method', { methods: ['paypal', 'creditcard'] }), { language: 'en' })).toContain(
      'PayPal, Credit card',
    );
  });

  it('names the first-purchase discount when a parallel order took it, never a typed code', () => {
    expect(shopErrorText(t, tc, new ApiError(409, 'code_used', { discount: 'time_bonus' }), { language: 'en' })).toContain(
      'first-purchase discount has just gone to another order',
    );
    expect(shopErrorText(t, tc, new ApiError(409, 'code_used', { discount: 'code' }), { language: 'en' })).toBe('Code already used');
  });

  it('uses the Dutch texts of the spec', () => {
    const nl = i18n.getFixedT('nl', 'shop');
    return i18n.loadLanguages('nl').then(() => i18n.loadNamespaces('shop')).then(() => {
      expect(shopErrorText(nl, tc, new ApiError(404, 'code_not_found'), { language: 'nl' })).toBe('Code niet gevonden');
      expect(shopErrorText(nl, tc, new ApiError(409, 'code_used'), { language: 'nl' })).toBe('Code reeds gebruikt');
      expect(nl('result.failedTitle')).toBe('Betaling mislukt');
      expect(nl('result.failedText')).toBe('De betaling is mislukt of geannuleeerd.');
      expect(nl('errors.premium_only')).toBe('Deze functie is alleen beschikbaar voor premium leden.');
    });
  });

  it('falls back to the common texts for other failures', () => {
    expect(shopErrorText(t, tc, new ApiError(0, 'network_error'), { language: 'en' })).toContain('No connection');
  });
});

describe('time bonus', () => {
  it('shows hours, minutes and seconds, two digits each', () => {
    expect(formatCountdown(14_400)).toBe('04:00:00');
    expect(formatCountdown(3725)).toBe('01:02:05');
    expect(formatCountdown(59)).toBe('00:00:59');
    expect(formatCountdown(-3)).toBe('00:00:00');
  });

  it('is asked for only until the window the server gives ends, and never once paid', () => {
    const now = Date.parse('2026-03-01T12:00:00Z');
    expect(mayHaveTimeBonus({ paid_user: false, time_bonus_until: '2026-03-01T12:30:00Z' }, now)).toBe(true);
    expect(mayHaveTimeBonus({ paid_user: false, time_bonus_until: '2026-03-01T12:00:00Z' }, now)).toBe(false);
    expect(mayHaveTimeBonus({ paid_user: false, time_bonus_until: null }, now)).toBe(false);
    expect(mayHaveTimeBonus({ paid_user: true, time_bonus_until: '2026-03-01T15:00:00Z' }, now)).toBe(false);
    expect(mayHaveTimeBonus(null, now)).toBe(false);
  });

  it('ticks every second and is cleared at zero', async () => {
    vi.useFakeTimers();
    useSession.setState({ user: newMember() });
    serve = (url) => (url.searchParams.get('welcome') === 'true' ? json(200, code({ seconds_left: 3 })) : json(404, {}));
    await loadTimeBonus();
    expect(useTimeBonus.getState().secondsLeft).toBe(3);
    vi.advanceTimersByTime(999);
    expect(useTimeBonus.getState().secondsLeft).toBe(3);
    vi.advanceTimersByTime(1);
    expect(useTimeBonus.getState().secondsLeft).toBe(2);
    vi.advanceTimersByTime(2000);
    expect(useTimeBonus.getState()).toMatchObject({ secondsLeft: null, discount: null });
  });

  it('keeps the welcome discount without a countdown, and ignores a failed call', async () => {
    useSession.setState({ user: newMember() });
    serve = () => json(200, code({ code: 'WELCOME25', kind: 'welcome', seconds_left: null }));
    await loadTimeBonus();
    expect(useTimeBonus.getState()).toMatchObject({ secondsLeft: null, discount: { code: 'WELCOME25' } });
    serve = () => json(404, { error: 'code_not_found', params: {} });
    await loadTimeBonus();
    expect(useTimeBonus.getState().discount).toBeNull();
  });

  it('is not asked for a paying member, and cleared on logout', async () => {
    useSession.setState({ user: userFixture({ paid_user: true }) });
    await loadTimeBonus();
    expect(fetchMock).not.toHaveBeenCalled();

    useSession.setState({ user: newMember() });
    serve = () => json(200, code({ seconds_left: 600 }));
    await loadTimeBonus();
    expect(useTimeBonus.getState().secondsLeft).toBe(600);
    await import('./TimeBonusSlot'); // follows the session (registers the reset)
    act(() => useSession.getState().clear());
    expect(useTimeBonus.getState().secondsLeft).toBeNull();
  });
});

describe('time-bonus modal', () => {
  it('is offered to a logged-in member who never paid while the bonus shows, unless dismissed', () => {
    const ok = { loggedIn: true, paidUser: false, bonusVisible: true, dismissed: false };
    expect(mayOfferModal(ok)).toBe(true);
    expect(mayOfferModal({ ...ok, loggedIn: false })).toBe(false);
    expect(mayOfferModal({ ...ok, paidUser: true })).toBe(false);
    expect(mayOfferModal({ ...ok, bonusVisible: false })).toBe(false);
    expect(mayOfferModal({ ...ok, dismissed: true })).toBe(false);
  });

  it('knows the members area', () => {
    for (const path of ['/members', '/members/12', '/chats', '/likes', '/likes/m/4', '/premium']) expect(inMembersArea(path)).toBe(true);
    for (const path of ['/credits', '/profile', '/likes/mine', '/members/12/chat', '/']) expect(inMembersArea(path)).toBe(false);
  });

  it('remembers a dismissal per member', () => {
    expect(wasDismissed(7)).toBe(false);
    rememberDismissal(7, 1000);
    expect(wasDismissed(7)).toBe(true);
    expect(wasDismissed(8)).toBe(false);
    expect(JSON.parse(localStorage.getItem(TIME_BONUS_DISMISSED_KEY)!)).toEqual({ 7: 1000 });
  });

  function runningBonus(seconds = 3600) {
    useTimeBonus.setState({ discount: code({ seconds_left: seconds }), secondsLeft: seconds, memberId: 7 });
  }

  it('appears 40 s after entering the members area and stays away once dismissed', async () => {
    vi.useFakeTimers();
    useSession.setState({ user: newMember() });
    runningBonus();
    // As the layout's slot (app/slots.tsx) shows it: in a Suspense, which hides the slot
    // (and runs its effects' cleanups) while the lazy modal loads; strict mode as in the app.
    renderAt(
      '/members',
      <StrictMode>
        <Suspense fallback={null}>
          <TimeBonusSlot />
        </Suspense>
      </StrictMode>,
    );
    await settle(TIME_BONUS_MODAL_DELAY_MS - 1000);
    expect(screen.queryByTestId('time-bonus-modal')).toBeNull();
    await settle(1000);
    await settle(50);
    expect(screen.getByTestId('time-bonus-modal-countdown')).toHaveTextContent('01:00:00');
    expect(screen.getByTestId('time-bonus-modal')).toHaveTextContent('25% off');

    fireEvent.click(screen.getByTestId('time-bonus-later'));
    await settle(500);
    expect(screen.queryByTestId('time-bonus-modal')).toBeNull();
    expect(wasDismissed(7)).toBe(true);
    await settle(TIME_BONUS_MODAL_DELAY_MS * 2);
    expect(screen.queryByTestId('time-bonus-modal')).toBeNull();
  });

  it('does not appear outside the members area or for a paying member', async () => {
    vi.useFakeTimers();
    useSession.setState({ user: newMember() });
    runningBonus();
    renderAt('/profile', <TimeBonusSlot />);
    await settle(TIME_BONUS_MODAL_DELAY_MS + 1000);
    expect(screen.queryByTestId('time-bonus-modal')).toBeNull();

    act(() => useSession.setState({ user: { ...newMember(), paid_user: true, credits: 20 } }));
    renderAt('/members', <TimeBonusSlot />);
    await settle(TIME_BONUS_MODAL_DELAY_MS + 1000);
    expect(screen.queryByTestId('time-bonus-modal')).toBeNull();
  });

  it('appears for a new member whatever their signup credits (issue 19.8)', async () => {
    vi.useFakeTimers();
    useSession.setState({ user: { ...newMember(), credits: 20 } });
    runningBonus();
    renderAt('/members', <TimeBonusSlot />);
    await settle(TIME_BONUS_MODAL_DELAY_MS + 1000);
    await settle(50);
    expect(screen.getByTestId('time-bonus-modal')).toBeInTheDocument();
  });
});

describe('credits page', () => {
  beforeEach(() => {
    serve = (url) => {
      if (url.pathname === '/api/bundles') return json(200, { bundles: BUNDLES, discount: code(), paid_user: false });
      if (url.pathname === '/api/discountcode' && url.searchParams.get('welcome')) return json(200, code({ seconds_left: 7200 }));
      if (url.searchParams.get('code') === 'USED') return json(409, { error: 'code_used', params: {} });
      if (url.searchParams.get('code') === 'SPRING30')
        return json(200, code({ code: 'SPRING30', kind: 'code', value_percentage: 30, user_id: null, bundles: withCode('SPRING30', [1049, 2099, 4199]) }));
      if (url.searchParams.get('code') === 'SMALL10') return json(200, code({ code: 'SMALL10', kind: 'code', value_percentage: 10, user_id: null, bundles: BUNDLES }));
      return json(404, { error: 'code_not_found', params: {} });
    };
    useSession.setState({ user: newMember() });
  });

  it('shows the time bonus counting down and the struck-through old prices', async () => {
    renderAt('/credits', <CreditsPage />);
    await settle(10);
    await settle(10);
    expect(screen.getByTestId('discount-banner')).toHaveAttribute('data-code', 'TIMEBONUS25');
    expect(screen.getByTestId('time-bonus-countdown')).toHaveTextContent('02:00:00');
    const cards = screen.getAllByTestId('bundle-card');
    expect(cards).toHaveLength(3);
    expect(cards[1]).toHaveTextContent('Most popular');
    expect(screen.getAllByTestId('bundle-old-price')[1]).toHaveTextContent('€29.99');
    expect(screen.getAllByTestId('bundle-price')[1]).toHaveTextContent('€22.49');
    // The saving is the server's, per bundle: none on the first.
    expect(cards.map((card) => card.querySelector('.bundle-card__saving')?.textContent ?? null)).toEqual([null, 'Save 20%', 'Save 33%']);
    expect(screen.getAllByTestId('bundle-choose')[1]).toHaveAttribute('href', '/credits/2');
    expect(screen.queryByTestId('repeat-order-link')).toBeNull();
  });

  it('shows why a code is refused, and lets a valid code replace the automatic discount', async () => {
    renderAt('/credits', <CreditsPage />);
    await settle(10);
    fireEvent.change(screen.getByTestId('code-input'), { target: { value: 'used' } });
    fireEvent.click(screen.getByTestId('code-apply'));
    await settle(10);
    expect(screen.getByTestId('code-error')).toHaveTextContent('Code already used');
    expect(calls('/api/discountcode').some(([url]) => String(url).includes('code=USED'))).toBe(true);

    fireEvent.change(screen.getByTestId('code-input'), { target: { value: 'SPRING30' } });
    fireEvent.click(screen.getByTestId('code-apply'));
    await settle(10);
    expect(screen.queryByTestId('code-error')).toBeNull();
    expect(screen.getByTestId('discount-banner')).toHaveAttribute('data-code', 'SPRING30');
    expect(screen.getAllByTestId('bundle-price')[1]).toHaveTextContent('€20.99'); // the server's price
    expect(screen.getAllByTestId('bundle-choose')[1]).toHaveAttribute('href', '/credits/2?code=SPRING30');

    fireEvent.click(screen.getByTestId('discount-remove'));
    expect(screen.getByTestId('discount-banner')).toHaveAttribute('data-code', 'TIMEBONUS25');
  });

  it('keeps the better discount and says so when a typed code gives less', async () => {
    renderAt('/credits', <CreditsPage />);
    await settle(10);
    fireEvent.change(screen.getByTestId('code-input'), { target: { value: 'SMALL10' } });
    fireEvent.click(screen.getByTestId('code-apply'));
    await settle(10);
    expect(screen.getByTestId('discount-banner')).toHaveAttribute('data-code', 'TIMEBONUS25');
    expect(screen.getByTestId('code-not-better')).toHaveTextContent('SMALL10');
    expect(screen.getAllByTestId('bundle-price')[1]).toHaveTextContent('€22.49');
    fireEvent.click(screen.getByTestId('discount-remove'));
    expect(screen.queryByTestId('code-not-better')).toBeNull();
  });

  it('says the first-purchase discount is held by an open order, and which, instead of offering it again', async () => {
    const held = { ...code(), order: 12 };
    serve = (url) =>
      url.pathname === '/api/bundles'
        ? json(200, { bundles: FULL_PRICE, discount: null, paid_user: false, held_discount: held })
        : json(409, { error: 'code_used', params: { order: 12, discount: 'time_bonus' } });
    renderAt('/credits', <CreditsPage />);
    await settle(10);
    expect(screen.queryByTestId('discount-banner')).toBeNull();
    expect(screen.getAllByTestId('bundle-price')[0]).toHaveTextContent('€14.99');
    expect(screen.getByTestId('discount-held')).toHaveTextContent('reserved for your order #12, which has not been paid yet');
    expect(screen.getByTestId('discount-held-order')).toHaveAttribute('href', '/transactions/12');
  });

  it('offers to repeat the last paid order', async () => {
    useSession.setState({ user: userFixture({ paid_user: true, credits: 40 }) });
    const base = serve;
    serve = (url, init) =>
      url.pathname === '/api/transactions'
        ? json(200, { transactions: [order({ id: 3, status: 'failed' }), order({ id: 2, status: 'paid', credits: 100, amount: 1499 })] })
        : url.pathname === '/api/bundles'
          ? json(200, { bundles: FULL_PRICE, discount: null, paid_user: true })
          : base(url, init);
    renderAt('/credits', <CreditsPage />);
    await settle(10);
    expect(screen.queryByTestId('discount-banner')).toBeNull();
    expect(screen.getByTestId('repeat-order-link')).toHaveAttribute('href', '/credits/repeat-order');
    expect(screen.getByTestId('repeat-order-link')).toHaveTextContent('100 credits for €14.99 with iDEAL');
  });
});

describe('checkout', () => {
  const checkout = (path: string) => renderAt(path, <CheckoutPage />, '/credits/:id/:paymentmethod?');

  beforeEach(() => {
    useSession.setState({ user: newMember() });
  });

  it('lets the member choose a method (and a bank for iDEAL), then goes to the gateway', async () => {
    const assign = vi.spyOn(leaveApp, 'assign').mockImplementation(() => undefined);
    serve = (url, init) => {
      if (url.pathname === '/api/bundles') return json(200, { bundles: BUNDLES, discount: code(), paid_user: false });
      if (url.pathname === '/api/bundles/2/methods') return json(200, { methods: METHODS });
      if (url.pathname === '/api/orders' && init?.method === 'POST') return json(201, { payment_id: 'tr_1', checkout_url: 'https://pay.test/tr_1', order: 9 });
      return json(404, { error: 'not_found', params: {} });
    };
    checkout('/credits/2');
    await settle(10);
    const pay = screen.getByTestId('checkout-pay');
    // The likeliest method of the member's country, which the server lists first, is
    // chosen already (issue 19.5).
    expect(screen.getByTestId('method-creditcard')).toHaveClass('is-checked');
    expect(pay).toBeEnabled();
    expect(pay).toHaveTextContent('Pay €22.49');
    fireEvent.click(screen.getByLabelText(/iDEAL/));
    expect(pay).toBeDisabled(); // a bank first
    fireEvent.change(screen.getByTestId('bank-select'), { target: { value: 'ideal_INGBNL2A' } });
    expect(pay).toBeEnabled();
    // Without the tick (issue 34.1) nothing is sent: the box says why and has the focus.
    expect(screen.getByTestId('delivery-consent-text')).toHaveTextContent('my right of withdrawal ends for the credits I use');
    fireEvent.click(pay);
    await settle(10);
    expect(calls('/api/orders', 'POST')).toHaveLength(0);
    expect(screen.getByTestId('delivery-consent-error')).toHaveTextContent('Tick this box to place the order.');
    expect(document.activeElement).toBe(screen.getByTestId('delivery-consent'));
    fireEvent.click(screen.getByTestId('delivery-consent'));
    expect(screen.queryByTestId('delivery-consent-error')).toBeNull();
    fireEvent.click(pay);
    await settle(10);
    expect(JSON.parse(String((calls('/api/orders', 'POST')[0]![1] as RequestInit).body))).toEqual({
      bundle: 2,
      method: 'ideal',
      issuer: 'ideal_INGBNL2A',
      discount_code: null,
      delivery_consent: true,
    });
    expect(assign).toHaveBeenCalledWith('https://pay.test/tr_1');
  });

  it('carries a typed code to the order, with only the methods the code allows', async () => {
    vi.spyOn(leaveApp, 'assign').mockImplementation(() => undefined);
    serve = (url, init) => {
      if (url.pathname === '/api/bundles') return json(200, { bundles: FULL_PRICE, discount: null, paid_user: true });
      if (url.pathname === '/api/bundles/2/methods') return json(200, { methods: METHODS });
      if (url.pathname === '/api/discountcode')
        return json(200, code({ code: 'PAYPAL10', kind: 'code', value_percentage: 10, paymentmethods: ['paypal'], bundles: [FULL_PRICE[0]!, { ...FULL_PRICE[1]!, discounted_price: 2699, discount_code: 'PAYPAL10', discount_kind: 'code' }] }));
      if (init?.method === 'POST') return json(201, { payment_id: 'tr_2', checkout_url: 'https://pay.test/tr_2', order: 10 });
      return json(404, { error: 'not_found', params: {} });
    };
    checkout('/credits/2?code=PAYPAL10');
    await settle(10);
    expect(screen.getByTestId('discount-banner')).toHaveAttribute('data-code', 'PAYPAL10');
    expect(screen.getByTestId('checkout-pay')).toHaveTextContent('Pay €26.99');
    expect(screen.getByLabelText(/Credit card/)).toBeDisabled();
    fireEvent.click(screen.getByLabelText(/PayPal/));
    fireEvent.click(screen.getByTestId('delivery-consent'));
    fireEvent.click(screen.getByTestId('checkout-pay'));
    await settle(10);
    expect(JSON.parse(String((calls('/api/orders', 'POST')[0]![1] as RequestInit).body))).toMatchObject({ method: 'paypal', discount_code: 'PAYPAL10' });
  });

  it('sends no code the server did not price in: the better discount stays and the page says so', async () => {
    vi.spyOn(leaveApp, 'assign').mockImplementation(() => undefined);
    serve = (url, init) => {
      if (url.pathname === '/api/bundles') return json(200, { bundles: BUNDLES, discount: code(), paid_user: false });
      if (url.pathname === '/api/bundles/2/methods') return json(200, { methods: METHODS });
      if (url.pathname === '/api/discountcode') return json(200, code({ code: 'SMALL10', kind: 'code', value_percentage: 10, paymentmethods: ['paypal'], bundles: BUNDLES }));
      if (init?.method === 'POST') return json(201, { payment_id: 'tr_3', checkout_url: 'https://pay.test/tr_3', order: 11 });
      return json(404, { error: 'not_found', params: {} });
    };
    checkout('/credits/2?code=SMALL10');
    await settle(10);
    expect(screen.getByTestId('discount-banner')).toHaveAttribute('data-code', 'TIMEBONUS25');
    expect(screen.getByTestId('code-not-better')).toHaveTextContent('SMALL10');
    expect(screen.getByTestId('checkout-pay')).toHaveTextContent('Pay €22.49');
    fireEvent.click(screen.getByLabelText(/Credit card/)); // the unused code restricts nothing
    fireEvent.click(screen.getByTestId('delivery-consent'));
    fireEvent.click(screen.getByTestId('checkout-pay'));
    await settle(10);
    expect(JSON.parse(String((calls('/api/orders', 'POST')[0]![1] as RequestInit).body))).toMatchObject({ method: 'creditcard', discount_code: null });
  });

  it('preselects the method of the address and shows a refused start in words', async () => {
    serve = (url, init) => {
      if (url.pathname === '/api/bundles') return json(200, { bundles: BUNDLES, discount: null, paid_user: false });
      if (url.pathname === '/api/bundles/2/methods') return json(200, { methods: METHODS });
      if (init?.method === 'POST') return json(400, { error: 'payment_unavailable', params: {} });
      return json(404, { error: 'not_found', params: {} });
    };
    checkout('/credits/2/paypal');
    await settle(10);
    expect(screen.getByTestId('method-paypal')).toHaveClass('is-checked');
    fireEvent.click(screen.getByTestId('delivery-consent'));
    fireEvent.click(screen.getByTestId('checkout-pay'));
    await settle(10);
    expect(screen.getByTestId('checkout-failed')).toHaveTextContent('The payment could not be started');
  });

  function serveOrders(statuses: Order['status'][], method = 'ideal') {
    let asked = 0;
    serve = (url) => {
      if (url.pathname === '/api/orders/9') {
        const status = statuses[Math.min(asked, statuses.length - 1)]!;
        asked += 1;
        return json(200, { order: order({ status, method }) });
      }
      if (url.pathname === '/api/user') return json(200, { user: userFixture({ paid_user: true, credits: 250 }) });
      return json(404, { error: 'not_found', params: {} });
    };
  }

  it('maps order statuses to the return page states', () => {
    expect(paymentView('open')).toBe('pending');
    expect(paymentView('pending')).toBe('pending');
    expect(paymentView('paid')).toBe('completed');
    expect(['failed', 'canceled', 'expired'].map((s) => paymentView(s as Order['status']))).toEqual(['failed', 'failed', 'failed']);
    expect(paymentView('refunded')).toBe('other');
  });

  it('waits while the order is processed, then shows the credits and refreshes the member', async () => {
    vi.useFakeTimers();
    useTimeBonus.setState({ discount: code(), secondsLeft: 600, memberId: 7 });
    serveOrders(['open', 'pending', 'paid']);
    checkout('/credits/2/ideal?order=9');
    expect(screen.getByTestId('payment-loading')).toBeInTheDocument();
    await settle(0);
    expect(screen.getByTestId('payment-pending')).toHaveTextContent('Your order is being processed');
    await settle(POLL_INTERVAL_MS);
    expect(screen.getByTestId('payment-pending')).toBeInTheDocument();
    await settle(POLL_INTERVAL_MS);
    expect(screen.getByTestId('payment-completed')).toHaveTextContent('250 credits have been added to your account.');
    expect(screen.getByTestId('payment-toast')).toHaveTextContent('250 credits added');
    await act(() => vi.dynamicImportSettled()); // the session loads its API lazily
    await settle(0);
    expect(calls('/api/user')).toHaveLength(1);
    expect(useSession.getState().user?.paid_user).toBe(true);
    expect(useTimeBonus.getState().secondsLeft).toBeNull();
    // Settled: no more asking.
    await settle(POLL_INTERVAL_MS * 3);
    expect(calls('/api/orders/9')).toHaveLength(3);
  });

  it('stops asking after two minutes and offers to check again', async () => {
    vi.useFakeTimers();
    serveOrders(['pending']);
    checkout('/credits/2/ideal?order=9');
    await settle(0);
    await settle(POLL_LIMIT_MS + POLL_INTERVAL_MS);
    const asked = calls('/api/orders/9').length;
    expect(asked).toBeGreaterThan(50);
    expect(screen.getByTestId('payment-recheck')).toBeInTheDocument();
    await settle(POLL_INTERVAL_MS * 5);
    expect(calls('/api/orders/9')).toHaveLength(asked);
  });

  it('after a failed card payment offers PayPal first', async () => {
    serveOrders(['failed'], 'creditcard');
    checkout('/credits/2/creditcard?order=9');
    await settle(10);
    expect(screen.getByTestId('payment-failed')).toHaveTextContent('Payment failed');
    expect(screen.getByTestId('payment-failed')).toHaveTextContent('The payment failed or was cancelled.');
    expect(screen.getByTestId('pay-with-paypal')).toHaveAttribute('href', '/credits/2/paypal');
    expect(screen.getByTestId('payment-other-method')).toHaveAttribute('href', '/credits/2');
  });

  it('sends a failed repeated card payment to the recurring-card-failed page for that bundle', async () => {
    serveOrders(['failed'], 'creditcard');
    const router = createMemoryRouter(
      [
        { path: '/credits/card-failed', element: <CardFailedPage /> },
        { path: '/credits/:id/:paymentmethod?', element: <CheckoutPage /> },
      ],
      { initialEntries: ['/credits/2/creditcard?order=9&repeat=1'] },
    );
    render(<RouterProvider router={router} />);
    await settle(10);
    expect(router.state.location.pathname).toBe('/credits/card-failed');
    expect(screen.getByTestId('card-failed')).toHaveTextContent('Your card payment failed');
    expect(screen.getByTestId('pay-with-paypal')).toHaveAttribute('href', '/credits/2/paypal');
    expect(screen.getByTestId('card-failed-other')).toHaveAttribute('href', '/credits/2');
  });

  it('without a bundle the recurring-card-failed page starts from the bundles', () => {
    renderAt('/credits/card-failed', <CardFailedPage />);
    expect(screen.queryByTestId('pay-with-paypal')).toBeNull();
    expect(screen.getByTestId('card-failed-other')).toHaveAttribute('href', '/credits');
  });

  it('after another failed or cancelled method offers another method', async () => {
    serveOrders(['canceled'], 'ideal');
    checkout('/credits/2/ideal?order=9');
    await settle(10);
    expect(screen.getByTestId('payment-failed')).toBeInTheDocument();
    expect(screen.queryByTestId('paypal-offer')).toBeNull();
    expect(screen.getByTestId('payment-other-method')).toHaveClass('btn-primary');
    expect(screen.getByTestId('payment-retry')).toHaveAttribute('href', '/credits/2/ideal');
  });
});
