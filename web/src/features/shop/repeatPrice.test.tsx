import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../shared/i18n/i18n';
import { stubFetch } from '../../test/fetchStub';
import { settingsFixture, userFixture } from '../../test/fixtures';
import { seedStores, setupTestI18n } from '../../test/render';
import { useSession } from '../../shared/session';
import { RepeatOrderPage } from './RepeatOrderPage';
import { leaveApp } from './shopApi';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const PAID = {
  id: 9, payment_id: 'tr_1', bundle_id: 2, credits: 250, method: 'ideal', amount: 2249, currency: 'EUR',
  status: 'paid', discount_code: null, created_at: '2026-03-01T10:00:00+00:00', paid_at: '2026-03-01T10:01:00+00:00',
};
const BUNDLES = [
  { id: 1, credits: 100, price: 1499, currency: 'EUR', discounted_price: 1499, discount_code: null, discount_kind: null, saving_percentage: 0 },
  { id: 2, credits: 250, price: 2999, currency: 'EUR', discounted_price: 2999, discount_code: null, discount_kind: null, saving_percentage: 20 },
];

describe('pay again (issue 19.5)', () => {
  let posted = 0;
  let sent: unknown = null;
  beforeAll(async () => {
    await setupTestI18n();
    await i18n.loadNamespaces(['shop']);
  });
  beforeEach(() => {
    posted = 0;
    seedStores({ settings: settingsFixture() });
    useSession.setState({ user: userFixture({ paid_user: true }), loaded: true });
    stubFetch((url, init) => {
      if (url.startsWith('/api/transactions')) return json(200, { transactions: [PAID] });
      if (url.startsWith('/api/bundles')) return json(200, { bundles: BUNDLES, discount: null, paid_user: true });
      if (url.startsWith('/api/orders/repeat') && init.method === 'POST') {
        posted += 1;
        sent = JSON.parse(String(init.body));
        return json(201, { payment_id: 'tr_2', checkout_url: 'https://pay.test/tr_2', order: 10 });
      }
      return json(404, { error: 'not_found', params: {} });
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("says on the button what the tap costs today, as the server prices the bundle", async () => {
    const assign = vi.spyOn(leaveApp, 'assign').mockImplementation(() => undefined);
    const router = createMemoryRouter([{ path: '*', element: <RepeatOrderPage /> }], { initialEntries: ['/credits/repeat-order'] });
    render(<RouterProvider router={router} />);
    const button = await screen.findByTestId('repeat-confirm');
    // Last time €22.49 with a discount; today the bundle costs €29.99.
    expect(button).toHaveTextContent('Pay €29.99 again with iDEAL');
    expect(posted).toBe(0);
    fireEvent.click(button); // no tick yet (issue 34.1): nothing is sent
    expect(await screen.findByTestId('delivery-consent-error')).toHaveTextContent('Tick this box to place the order.');
    expect(posted).toBe(0);
    fireEvent.click(screen.getByTestId('delivery-consent'));
    fireEvent.click(button);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.test/tr_2'));
    expect(posted).toBe(1);
    expect(sent).toEqual({ delivery_consent: true });
  });
});
