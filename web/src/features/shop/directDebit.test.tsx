import { act, fireEvent, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../shared/i18n/i18n';
import { companyFixture, settingsFixture, userFixture } from '../../test/fixtures';
import { seedStores, setupTestI18n } from '../../test/render';
import { flush } from '../../test/time';
import { useSession } from '../../shared/session';
import { CheckoutPage } from './CheckoutPage';
import { DirectDebitPage } from './DirectDebitPage';
import { caretAfterFormat, checkMandate, cleanSmsCode, compactIban, formatIban, ibanChecks } from './directDebit';
import type { DiscountCode, Order } from './shopApi';
import { clearTimeBonus } from './timeBonusStore';
import { stubFetch } from '../../test/fetchStub';

/** The server's wait before a code may be sent again (the SMS answer's resend_in). */
const RESEND_IN = 30;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const failure = (status: number, error: string, params: Record<string, unknown> = {}) => json(status, { error, params });

const WELCOME: DiscountCode = {
  code: 'WELCOME25',
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
  kind: 'welcome',
};
const BUNDLES = [
  { id: 1, credits: 100, price: 1499, currency: 'EUR', discounted_price: 1124, discount_code: 'WELCOME25', discount_kind: 'welcome', saving_percentage: 0 },
  { id: 2, credits: 250, price: 2999, currency: 'EUR', discounted_price: 2249, discount_code: 'WELCOME25', discount_kind: 'welcome', saving_percentage: 20 },
];
const METHODS = [
  { id: 'creditcard', issuers: [] },
  { id: 'directdebit', issuers: [] },
  { id: 'paypal', issuers: [] },
];
const IBAN = 'NL91ABNA0417164300';

let fetchMock: ReturnType<typeof vi.fn>;
/** Answers for the calls beyond the bundles and methods. */
let answer: (path: string, body: Record<string, unknown>) => Response;
const posts = (path: string) =>
  fetchMock.mock.calls
    .filter(([url, init]) => new URL(String(url), 'http://amora.test').pathname === path && (init as RequestInit).method === 'POST')
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as Record<string, unknown>);

beforeAll(async () => {
  await setupTestI18n();
  await i18n.loadNamespaces(['shop']);
});
beforeEach(() => {
  seedStores({ settings: settingsFixture(), company: companyFixture() });
  useSession.setState({ user: userFixture({ paid_user: false, credits: 0 }) });
  answer = () => failure(404, 'not_found');
  fetchMock = vi.fn((url: string, init?: RequestInit) => {
    const path = new URL(url, 'http://amora.test').pathname;
    if (path === '/api/bundles') return Promise.resolve(json(200, { bundles: BUNDLES, discount: WELCOME, paid_user: false }));
    if (/^\/api\/bundles\/\d+\/methods$/.test(path)) return Promise.resolve(json(200, { methods: METHODS }));
    if (path === '/api/discountcode' && new URL(url, 'http://amora.test').searchParams.get('code')) {
      // 40 % beats the welcome discount: the server prices the bundles with the code.
      const bundles = BUNDLES.map((b) => ({ ...b, discounted_price: Math.round(b.price * 0.6), discount_code: 'SPRING10' }));
      return Promise.resolve(json(200, { ...WELCOME, code: 'SPRING10', value_percentage: 40, user_id: null, bundles }));
    }
    return Promise.resolve(answer(path, init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {}));
  });
  stubFetch(fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  clearTimeBonus();
  useSession.setState({ user: null });
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/directdebit', element: <DirectDebitPage /> },
      { path: '/credits/:id/:paymentmethod?', element: <CheckoutPage /> },
      { path: '*', element: <Where /> },
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

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

function fillMandate() {
  type('dd-account_holder', 'J. de Vries');
  type('dd-iban', IBAN);
  type('dd-street', 'Keizersgracht');
  type('dd-house_number', '12a');
  type('dd-postcode', '1015 AA');
  type('dd-city', 'Amsterdam');
  type('dd-phone', '06 12345678');
}

/** The SMS call answers with the number in +E.164; the mandate with `signed`. */
function serveMandate(signed: () => Response = () => json(201, { payment_id: 'tr_dd_1', checkout_url: 'https://pay.test/tr_dd_1', order: 9 })) {
  answer = (path) => {
    if (path === '/api/directdebit/sms') return json(200, { phone: '+31612345678', expires_in: 600, code_length: 6, resend_in: RESEND_IN });
    if (path === '/api/directdebit') return signed();
    return failure(404, 'not_found');
  };
}

async function openForm() {
  renderAt('/directdebit?bundle=2');
  await settle(10);
  expect(screen.getByTestId('directdebit-page')).toBeInTheDocument();
}

async function sendCode() {
  fireEvent.click(screen.getByTestId('dd-send-code'));
  await settle(10);
}

describe('direct-debit helpers', () => {
  it('writes the IBAN upper-case in groups of four', () => {
    expect(formatIban('nl91abna0417164300')).toBe('NL91 ABNA 0417 1643 00');
    expect(formatIban(' NL91-ABNA 0417')).toBe('NL91 ABNA 0417');
    expect(formatIban('NL91')).toBe('NL91');
    expect(compactIban('NL91 ABNA 0417 1643 00')).toBe(IBAN);
  });

  it('keeps the caret behind the same characters after formatting', () => {
    expect(caretAfterFormat('NL91A', 5, 'NL91 A')).toBe(6);
    // Typing "X" in the middle of "NL91 ABNA": after it, not at the end.
    expect(caretAfterFormat('NL91 AXBNA', 7, 'NL91 AXBN A')).toBe(7);
    expect(caretAfterFormat('', 0, '')).toBe(0);
  });

  it('checks the IBAN with its check digits', () => {
    expect(ibanChecks('NL91 ABNA 0417 1643 00')).toBe(true);
    expect(ibanChecks('DE89370400440532013000')).toBe(true);
    expect(ibanChecks('NL92ABNA0417164300')).toBe(false);
    expect(ibanChecks('NL91')).toBe(false);
  });

  it('keeps as many digits of a pasted code as the server says', () => {
    expect(cleanSmsCode('123 456', 6)).toBe('123456');
    expect(cleanSmsCode('12-34-56-78', 6)).toBe('123456');
    expect(cleanSmsCode('12-34-56-78', 8)).toBe('12345678');
  });

  it('finds empty fields, a bad IBAN, a missing code and no consent', () => {
    const empty = { account_holder: ' ', iban: '', street: '', house_number: '', postcode: '', city: '', phone: '', sms_code: '', consent: false, delivery_consent: false };
    expect(checkMandate(empty, null, 100)).toEqual({
      account_holder: { code: 'required' },
      iban: { code: 'required' },
      street: { code: 'required' },
      house_number: { code: 'required' },
      postcode: { code: 'required' },
      city: { code: 'required' },
      phone: { code: 'required' },
      consent: { code: 'consent_required' },
      delivery_consent: { code: 'delivery_consent_required' },
    });
    const filled = { account_holder: 'A', iban: 'NL92ABNA0417164300', street: 'S', house_number: '1', postcode: 'P', city: 'C', phone: '0612345678', sms_code: '12', consent: true, delivery_consent: true };
    expect(checkMandate(filled, null, 100)).toEqual({ iban: { code: 'invalid_iban' }, phone: { code: 'code_first' } });
    expect(checkMandate({ ...filled, iban: IBAN }, 6, 100)).toEqual({ sms_code: { code: 'code_length', params: { length: 6 } } });
    expect(checkMandate({ ...filled, iban: IBAN, sms_code: '123456' }, 6, 100)).toEqual({});
    // The server's field length: a longer city is refused before sending.
    expect(checkMandate({ ...filled, iban: IBAN, sms_code: '123456', city: 'C'.repeat(21) }, 6, 20)).toEqual({ city: { code: 'too_long', params: { max: 20 } } });
  });
});

describe('direct-debit page', () => {
  it('shows the bundle at its discounted price and the mandate naming the company', async () => {
    await openForm();
    expect(screen.getByTestId('bundle-price')).toHaveTextContent('€22.49');
    expect(screen.getByTestId('bundle-old-price')).toHaveTextContent('€29.99');
    expect(screen.getByTestId('discount-banner')).toHaveAttribute('data-code', 'WELCOME25');
    expect(screen.getByTestId('dd-consent-text')).toHaveTextContent('I authorise Amora Media B.V. to collect €22.49 once from my account');
    expect(screen.getByTestId('dd-consent-text')).toHaveTextContent('within 8 weeks');
    expect(screen.getByTestId('dd-submit')).toHaveTextContent('Confirm and pay €22.49');
    expect(screen.getByTestId('dd-back')).toHaveAttribute('href', '/credits/2');
  });

  it('formats the IBAN while typing', async () => {
    await openForm();
    type('dd-iban', 'nl91abna04171643');
    expect(screen.getByTestId('dd-iban')).toHaveValue('NL91 ABNA 0417 1643');
  });

  it('shows what is missing under each field without calling the server', async () => {
    await openForm();
    fireEvent.click(screen.getByTestId('dd-submit'));
    await settle(0);
    for (const field of ['account_holder', 'iban', 'street', 'house_number', 'postcode', 'city', 'phone']) {
      expect(screen.getByTestId(`dd-${field}-error`)).toHaveTextContent('Please fill this in.');
      expect(screen.getByTestId(`dd-${field}`)).toHaveAttribute('aria-invalid', 'true');
    }
    expect(screen.getByTestId('dd-consent-error')).toHaveTextContent('Tick the box to authorise the direct debit.');
    // The order's tick (issue 34.1), as at the checkout.
    expect(screen.getByTestId('delivery-consent-text')).toHaveTextContent('my right of withdrawal ends for the credits I use');
    expect(screen.getByTestId('delivery-consent-error')).toHaveTextContent('Please confirm that delivery starts at once');
    expect(document.activeElement).toBe(screen.getByTestId('dd-account_holder'));

    // Typing clears a field's problem; a wrong IBAN and no code yet are named.
    fillMandate();
    type('dd-iban', 'NL92ABNA0417164300');
    expect(screen.queryByTestId('dd-account_holder-error')).toBeNull();
    fireEvent.click(screen.getByTestId('dd-submit'));
    await settle(0);
    expect(screen.getByTestId('dd-iban-error')).toHaveTextContent('This IBAN is not valid.');
    expect(screen.getByTestId('dd-phone-error')).toHaveTextContent('First send a code to your mobile');
    expect(posts('/api/directdebit')).toHaveLength(0);
  });

  it('sends the code, then lets it be sent again only after 30 seconds', async () => {
    vi.useFakeTimers();
    serveMandate();
    await openForm();
    type('dd-phone', '06 12345678');
    await sendCode();
    expect(posts('/api/directdebit/sms')).toEqual([{ phone: '06 12345678' }]);
    expect(screen.getByTestId('dd-code-sent')).toHaveTextContent('Code sent to +31612345678. It is valid for 10 minutes.');
    const code = screen.getByTestId('dd-sms_code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(document.activeElement).toBe(code);
    expect(screen.queryByTestId('dd-send-code')).toBeNull();

    const resend = screen.getByTestId('dd-resend-code');
    expect(resend).toBeDisabled();
    expect(resend).toHaveTextContent(`Send again in ${RESEND_IN} s`);
    await settle(1000);
    expect(resend).toHaveTextContent(`Send again in ${RESEND_IN - 1} s`);
    await settle((RESEND_IN - 2) * 1000);
    expect(resend).toBeDisabled();
    await settle(1000);
    expect(resend).toBeEnabled();
    expect(resend).toHaveTextContent('Send the code again');

    fireEvent.change(code, { target: { value: '12 34' } });
    fireEvent.click(resend);
    await settle(10);
    expect(posts('/api/directdebit/sms')).toHaveLength(2);
    expect(screen.getByTestId('dd-sms_code')).toHaveValue(''); // the new code replaces the last
    expect(screen.getByTestId('dd-resend-code')).toBeDisabled();

    // Another number needs its own code.
    type('dd-phone', '06 87654321');
    expect(screen.queryByTestId('dd-code-block')).toBeNull();
    expect(screen.getByTestId('dd-send-code')).toBeDisabled();
  });

  it('shows a refused number and too many codes under the number', async () => {
    answer = () => failure(400, 'invalid_fields', { fields: { phone: 'invalid_phone' } });
    await openForm();
    type('dd-phone', '020 1234567');
    await sendCode();
    expect(screen.getByTestId('dd-phone-error')).toHaveTextContent("Enter a valid mobile number. Landlines can't receive text messages.");
    expect(screen.queryByTestId('dd-code-block')).toBeNull();

    answer = () => failure(429, 'too_many_sms', { max: 3 });
    type('dd-phone', '0612345678');
    await sendCode();
    expect(screen.getByTestId('dd-phone-error')).toHaveTextContent('You have requested too many codes (at most 3 an hour).');
  });

  it('says a wrong code is invalid', async () => {
    serveMandate(() => failure(400, 'sms_code_invalid'));
    await openForm();
    fillMandate();
    await sendCode();
    type('dd-sms_code', '123456');
    fireEvent.click(screen.getByTestId('dd-consent'));
    fireEvent.click(screen.getByTestId('delivery-consent'));
    fireEvent.click(screen.getByTestId('dd-submit'));
    await settle(10);
    expect(screen.getByTestId('dd-sms_code-error')).toHaveTextContent('Code invalid');
    expect(document.activeElement).toBe(screen.getByTestId('dd-sms_code'));
    expect(screen.getByTestId('dd-submit')).toBeEnabled();
    await i18n.loadLanguages('nl');
    expect(i18n.getFixedT('nl', 'shop')('errors.sms_code_invalid')).toBe('Code ongeldig');
  });

  it('shows the server’s field problems under the fields', async () => {
    serveMandate(() => failure(400, 'invalid_fields', { fields: { iban: 'invalid_iban', city: 'too_long' }, params: { city: { max: 100 } } }));
    await openForm();
    fillMandate();
    await sendCode();
    type('dd-sms_code', '123456');
    fireEvent.click(screen.getByTestId('dd-consent'));
    fireEvent.click(screen.getByTestId('delivery-consent'));
    fireEvent.click(screen.getByTestId('dd-submit'));
    await settle(10);
    expect(screen.getByTestId('dd-iban-error')).toHaveTextContent('This IBAN is not valid.');
    expect(screen.getByTestId('dd-city-error')).toHaveTextContent('This is too long (at most 100 characters).');
  });

  it('signs the mandate and goes to the return page, which shows the order being processed', async () => {
    serveMandate();
    await openForm();
    fillMandate();
    await sendCode();
    type('dd-sms_code', '654321');
    fireEvent.click(screen.getByTestId('dd-consent'));
    fireEvent.click(screen.getByTestId('delivery-consent'));
    const order: Order = {
      id: 9,
      payment_id: 'tr_dd_1',
      bundle_id: 2,
      credits: 250,
      method: 'directdebit',
      amount: 2249,
      currency: 'EUR',
      status: 'open',
      discount_code: 'WELCOME25',
      created_at: '2026-03-01T10:00:00+00:00',
      paid_at: null,
      receipt_number: null,
    };
    const signing = answer;
    answer = (path, body) => (path === '/api/orders/9' ? json(200, { order }) : signing(path, body));
    fireEvent.click(screen.getByTestId('dd-submit'));
    await settle(10);
    expect(posts('/api/directdebit')).toEqual([
      {
        bundle: 2,
        account_holder: 'J. de Vries',
        iban: IBAN,
        street: 'Keizersgracht',
        house_number: '12a',
        postcode: '1015 AA',
        city: 'Amsterdam',
        phone: '06 12345678',
        sms_code: '654321',
        consent: true,
        delivery_consent: true,
      },
    ]);
    await settle(10);
    expect(screen.getByTestId('payment-pending')).toHaveTextContent('Your order is being processed');
    expect(screen.getByTestId('payment-pending')).toHaveTextContent('Your direct-debit mandate is signed.');
  });

  it('says so when direct debit is blocked for the account', async () => {
    answer = () => failure(403, 'directdebit_blocked');
    await openForm();
    type('dd-phone', '0612345678');
    await sendCode();
    const card = screen.getByTestId('dd-blocked');
    expect(card).toHaveTextContent('Direct debit is not available');
    expect(screen.queryByTestId('dd-form')).toBeNull();
    expect(screen.getByTestId('dd-other-method')).toHaveAttribute('href', '/credits/2');
    expect(card.querySelector('[data-testid="dd-back-credits"]')).toHaveAttribute('href', '/credits');
  });

  it('says so when the direct-debit limit is reached', async () => {
    serveMandate(() => failure(409, 'directdebit_limit_reached', { limit: 3 }));
    await openForm();
    fillMandate();
    await sendCode();
    type('dd-sms_code', '123456');
    fireEvent.click(screen.getByTestId('dd-consent'));
    fireEvent.click(screen.getByTestId('delivery-consent'));
    fireEvent.click(screen.getByTestId('dd-submit'));
    await settle(10);
    expect(screen.getByTestId('dd-limit')).toHaveTextContent('You have reached the maximum of 3 direct-debit payments in 30 days.');
    expect(screen.getByTestId('dd-other-method')).toHaveAttribute('href', '/credits/2');
  });

  it('without a bundle offers the bundles, and names an unknown one', async () => {
    renderAt('/directdebit');
    await settle(10);
    expect(screen.getByTestId('directdebit-bundles')).toBeInTheDocument();
    expect(screen.getAllByTestId('bundle-choose').map((link) => link.getAttribute('href'))).toEqual(['/directdebit?bundle=1', '/directdebit?bundle=2']);
    expect(screen.getByTestId('dd-back-credits')).toHaveAttribute('href', '/credits');
  });

  it('names a bundle that does not exist', async () => {
    renderAt('/directdebit?bundle=77');
    await settle(10);
    expect(screen.getByTestId('dd-error')).toHaveTextContent('This bundle is no longer available.');
  });
});

describe('checkout with direct debit', () => {
  it('goes on to the mandate form instead of starting a payment', async () => {
    renderAt('/credits/2');
    await settle(10);
    fireEvent.click(screen.getByLabelText(/SEPA direct debit/));
    const pay = screen.getByTestId('checkout-pay');
    expect(pay).toHaveTextContent('Continue');
    fireEvent.click(pay);
    await settle(10);
    expect(screen.getByTestId('directdebit-page')).toBeInTheDocument();
    expect(posts('/api/orders')).toHaveLength(0);
  });

  it('tells that a typed code does not apply to direct debit', async () => {
    renderAt('/credits/2/directdebit?code=SPRING10');
    await settle(10);
    expect(screen.getByTestId('checkout-code-not-for-directdebit')).toHaveTextContent("Discount codes can't be used with direct debit: you pay €22.49.");
  });
});
