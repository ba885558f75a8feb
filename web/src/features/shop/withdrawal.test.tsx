import { fireEvent, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../shared/i18n/i18n';
import { settingsFixture, userFixture } from '../../test/fixtures';
import { stubFetch } from '../../test/fetchStub';
import { seedStores, setupTestI18n } from '../../test/render';
import { flush } from '../../test/time';
import { useSession } from '../../shared/session';
import type { Order } from './shopApi';
import { TransactionsPage } from './TransactionsPage';
import type { WithdrawalPreview, Withdrawn } from './Withdrawal';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const ORDER = {
  id: 9,
  payment_id: 'tr_sandbox_9',
  bundle_id: 1,
  credits: 100,
  method: 'ideal',
  amount: 1499,
  currency: 'EUR',
  status: 'paid',
  discount_code: null,
  created_at: '2026-11-28T10:00:00+00:00',
  paid_at: '2026-11-28T10:01:00+00:00',
} as Order;

function preview(overrides: Partial<WithdrawalPreview> = {}): WithdrawalPreview {
  return {
    order: 9,
    withdrawable: true,
    refused: null,
    until: '2026-12-12T23:00:00+00:00',
    currency: 'EUR',
    paid: 1499,
    credits: 100,
    unused: 60,
    used: 40,
    refund: 900,
    balance: 75,
    withdrawal: null,
    ...overrides,
  };
}

const WITHDRAWN: Withdrawn = {
  order: 9,
  order_status: 'paid',
  balance: 15,
  refunded_amount: 900,
  credits_taken: 60,
  withdrawal: { requested_at: '2026-11-30T09:00:00+00:00', credits: 60, used: 40, refund: 900, currency: 'EUR', refund_state: 'pending', refunded_at: null },
};

/** The transaction page with the server's answers; what the page sent, as [method, path, body]. */
function show(seen: WithdrawalPreview, withdraw: () => Response = () => json(201, WITHDRAWN)) {
  const sent: [string, string, unknown][] = [];
  stubFetch(
    vi.fn((url: string, init?: RequestInit) => {
      const path = new URL(url, 'http://amora.test').pathname;
      const method = init?.method ?? 'GET';
      sent.push([method, path, init?.body ? JSON.parse(String(init.body)) : null]);
      if (path === '/api/transactions/9') return Promise.resolve(json(200, { order: ORDER }));
      if (path === '/api/orders/9/withdrawal') return Promise.resolve(json(200, seen));
      if (path === '/api/transactions/9/withdraw' && method === 'POST') return Promise.resolve(withdraw());
      return Promise.resolve(json(404, { error: 'not_found', params: {} }));
    }),
  );
  const router = createMemoryRouter([{ path: '/transactions/:id?', element: <TransactionsPage /> }], { initialEntries: ['/transactions/9'] });
  render(<RouterProvider router={router} />);
  return sent;
}

beforeAll(async () => {
  await setupTestI18n();
  await i18n.loadNamespaces(['shop']);
});
beforeEach(() => {
  seedStores({ settings: settingsFixture() });
  useSession.setState({ user: userFixture({ paid_user: true }) });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ user: null });
});

describe('withdrawal from a purchase (issue 34.2)', () => {
  it('asks for confirmation with what comes back, then sends the refund seen', async () => {
    const sent = show(preview());
    await flush();
    const button = screen.getByTestId('withdrawal-button');
    expect(button).toHaveTextContent('Withdraw from contract here');
    fireEvent.click(button);
    const confirm = screen.getByTestId('withdrawal-confirm');
    expect(confirm).toHaveTextContent('Unused credits (taken back)60');
    expect(confirm).toHaveTextContent('Credits used (stay paid)40');
    expect(confirm).toHaveTextContent('Your credits afterwards15');
    expect(confirm).toHaveTextContent('€9.00');
    expect(sent.filter(([method]) => method === 'POST')).toEqual([]); // nothing yet
    fireEvent.click(screen.getByTestId('withdrawal-submit'));
    await flush();
    expect(sent.filter(([method]) => method === 'POST')).toEqual([['POST', '/api/transactions/9/withdraw', { confirm: true, refund: 900 }]]);
    const done = screen.getByTestId('withdrawal-done');
    expect(done).toHaveTextContent('Your withdrawal is confirmed');
    expect(done).toHaveTextContent('Your refund of €9.00 is on its way');
  });

  it('says in words why it did not happen, and keeps the confirmation open', async () => {
    show(preview(), () => json(409, { error: 'withdrawal_changed', params: { refund: 750 } }));
    await flush();
    fireEvent.click(screen.getByTestId('withdrawal-button'));
    fireEvent.click(screen.getByTestId('withdrawal-submit'));
    await flush();
    expect(screen.getByTestId('withdrawal-error')).toHaveTextContent('Your unused credits changed in the meantime');
    expect(screen.getByTestId('withdrawal-submit')).toBeEnabled();
  });

  it('shows no button after the period, and what was done once withdrawn', async () => {
    show(preview({ withdrawable: false, refused: { error: 'withdrawal_period_over', params: {} }, until: null }));
    await flush();
    expect(screen.getByTestId('transaction-detail')).toBeInTheDocument();
    expect(screen.queryByTestId('withdrawal-button')).toBeNull();
  });

  it('once withdrawn, says when and what', async () => {
    show(preview({ withdrawable: false, refused: { error: 'already_withdrawn', params: {} }, withdrawal: { ...WITHDRAWN.withdrawal, refund_state: 'refunded' } }));
    await flush();
    expect(screen.queryByTestId('withdrawal-button')).toBeNull();
    expect(screen.getByTestId('withdrawal-kept')).toHaveTextContent('€9.00 has been refunded to your payment method');
  });
});
