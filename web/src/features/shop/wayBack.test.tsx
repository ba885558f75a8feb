import { act, render, screen } from '@testing-library/react';
import { Link, Outlet, RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../shared/i18n/i18n';
import { settingsFixture, userFixture } from '../../test/fixtures';
import { stubFetch } from '../../test/fetchStub';
import { seedStores, setupTestI18n } from '../../test/render';
import { flush } from '../../test/time';
import { useSession } from '../../shared/session';
import { CheckoutPage } from './CheckoutPage';
import type { Order } from './shopApi';
import { NO_PLACE, WAY_BACK_KEY, notePlace, usePlaceNotes, wayBack } from './wayBack';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function order(overrides: Partial<Order> = {}): Order {
  return {
    id: 9,
    payment_id: 'tr_sandbox_1',
    bundle_id: 2,
    credits: 250,
    method: 'creditcard',
    amount: 2999,
    currency: 'EUR',
    status: 'open',
    discount_code: null,
    created_at: '2026-03-01T10:00:00+00:00',
    paid_at: null,
    receipt_number: null,
    ...overrides,
  };
}

beforeAll(async () => {
  await setupTestI18n();
  await i18n.loadNamespaces(['shop']);
});
beforeEach(() => {
  sessionStorage.clear();
  seedStores({ settings: settingsFixture() });
  useSession.setState({ user: userFixture() });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ user: null });
});

describe('the way back from the shop', () => {
  it('remembers the places a member buys from, not the shop nor the logins', () => {
    expect(wayBack()).toEqual(NO_PLACE);
    notePlace('members-id-chat', { id: '12' });
    notePlace('credits', {});
    notePlace('credits-id-paymentmethod', { id: '2', paymentmethod: 'ideal' });
    notePlace('login', {});
    expect(wayBack()).toEqual({ route: 'members-id-chat', params: { id: '12' }, kind: 'chat' });
    notePlace('likes-type', { type: 'received' });
    expect(wayBack()).toEqual({ route: 'likes-type', params: { type: 'received' }, kind: 'likes' });
  });

  it('trusts nothing it reads back', () => {
    for (const stored of ['{', '"members"', '{"route":"credits","params":{}}', '{"route":"members-id","params":{"id":"../../x"}}', '{"route":"members-id"}']) {
      sessionStorage.setItem(WAY_BACK_KEY, stored);
      expect(wayBack()).toEqual(NO_PLACE);
    }
  });

  it('is noted by the app shell as the member moves', async () => {
    function Shell() {
      usePlaceNotes();
      return <Outlet />;
    }
    const router = createMemoryRouter(
      [
        {
          element: <Shell />,
          children: [
            { id: 'members-id', path: '/members/:id', element: <Link to="/credits">buy</Link> },
            { id: 'credits', path: '/credits', element: <p>bundles</p> },
          ],
        },
      ],
      { initialEntries: ['/members/5'] },
    );
    render(<RouterProvider router={router} />);
    await act(() => router.navigate('/credits'));
    expect(wayBack()).toEqual({ route: 'members-id', params: { id: '5' }, kind: 'profile' });
  });
});

describe('a pending payment', () => {
  function showPending(method: string) {
    stubFetch(
      vi.fn((url: string) =>
        Promise.resolve(new URL(url, 'http://amora.test').pathname === '/api/orders/9' ? json(200, { order: order({ method }) }) : json(404, { error: 'not_found', params: {} })),
      ),
    );
    const router = createMemoryRouter([{ path: '/credits/:id/:paymentmethod?', element: <CheckoutPage /> }], {
      initialEntries: [`/credits/2/${method}?order=9`],
    });
    render(<RouterProvider router={router} />);
  }

  it('offers the way back to where the member was and another method', async () => {
    notePlace('members-id-chat', { id: '12' });
    showPending('creditcard');
    await act(flush);
    expect(screen.getByTestId('payment-pending')).toHaveTextContent('Your order is being processed');
    expect(screen.getByTestId('payment-way-back')).toHaveTextContent('Back to the conversation');
    expect(screen.getByTestId('payment-way-back')).toHaveAttribute('href', '/members/12/chat');
    expect(screen.getByTestId('payment-other-method')).toHaveAttribute('href', '/credits/2');
  });

  it('without a remembered place goes back to the search; a signed mandate offers no second method', async () => {
    showPending('directdebit');
    await act(flush);
    expect(screen.getByTestId('payment-way-back')).toHaveTextContent('Back to search');
    expect(screen.getByTestId('payment-way-back')).toHaveAttribute('href', '/members');
    expect(screen.queryByTestId('payment-other-method')).toBeNull();
  });
});
