import { render, screen } from '@testing-library/react';
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

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function order(overrides: Partial<Order> = {}): Order {
  return {
    id: 7,
    payment_id: 'tr_sandbox_7',
    bundle_id: 2,
    credits: 250,
    method: 'ideal',
    amount: 2999,
    currency: 'EUR',
    status: 'paid',
    discount_code: null,
    created_at: '2026-11-28T10:00:00+00:00',
    paid_at: '2026-11-28T10:01:00+00:00',
    receipt_number: '2026-000123',
    ...overrides,
  };
}

function showTransaction(shown: Order) {
  stubFetch(vi.fn((url: string) => Promise.resolve(new URL(url, 'http://amora.test').pathname === `/api/transactions/${shown.id}` ? json(200, { order: shown }) : json(404, { error: 'not_found', params: {} }))));
  const router = createMemoryRouter([{ path: '/transactions/:id?', element: <TransactionsPage /> }], { initialEntries: [`/transactions/${shown.id}`] });
  render(<RouterProvider router={router} />);
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

describe('a transaction’s receipt (issue 34.4)', () => {
  it('offers the receipt of a paid order as a PDF and as a page, with its number', async () => {
    showTransaction(order());
    await flush();
    expect(screen.getByTestId('transaction-detail')).toHaveTextContent('Receipt number2026-000123');
    const pdf = screen.getByTestId('receipt-pdf');
    expect(pdf).toHaveAttribute('href', '/api/transactions/7/receipt.pdf');
    expect(pdf).toHaveAttribute('download');
    expect(pdf).toHaveTextContent('Receipt (PDF)');
    const view = screen.getByTestId('receipt-view');
    expect(view).toHaveAttribute('href', '/api/transactions/7/receipt');
    expect(view).toHaveAttribute('target', '_blank');
    expect(view).toHaveTextContent('View receipt');
  });

  it('keeps the receipt of a refunded order', async () => {
    showTransaction(order({ status: 'refunded' }));
    await flush();
    expect(screen.getByTestId('receipt-pdf')).toHaveAttribute('href', '/api/transactions/7/receipt.pdf');
  });

  it('has no receipt for an order not paid', async () => {
    showTransaction(order({ status: 'open', paid_at: null, receipt_number: null }));
    await flush();
    expect(screen.getByTestId('transaction-detail')).toBeInTheDocument();
    expect(screen.queryByTestId('order-receipt')).toBeNull();
    expect(screen.getByTestId('transaction-detail')).not.toHaveTextContent('Receipt number');
  });
});
