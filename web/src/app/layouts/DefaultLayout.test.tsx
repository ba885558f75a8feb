import { render, screen, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useAlerts } from '../../shared/alerts/alertsStore';
import { useSession } from '../../shared/session/sessionStore';
import { settingsFixture, userFixture } from '../../test/fixtures';
import { seedStores, setupTestI18n } from '../../test/render';
import { DefaultLayout } from './DefaultLayout';

const unconfirmed = userFixture({ status: 'not_confirmed', profile: { ...userFixture().profile, status: 'disabled' } });

function renderPage() {
  const router = createMemoryRouter(
    [{ element: <DefaultLayout />, children: [{ path: '/members', element: <p data-testid="page">the cards</p> }] }],
    { initialEntries: ['/members'] },
  );
  render(<RouterProvider router={router} />);
}

beforeAll(() => setupTestI18n());
afterEach(() => {
  useSession.setState({ user: null });
  useAlerts.setState({ alerts: [], dismissals: {} });
});

describe('default layout', () => {
  it('has the activation alert above the page in its very first render, so it never pushes the page down', () => {
    seedStores({ settings: settingsFixture() });
    useSession.setState({ user: unconfirmed });
    renderPage();
    // Synchronously, no chunk waited for: an alert that came later would shift the page (CLS).
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Your account is not activated yet');
    expect(alert.compareDocumentPosition(screen.getByTestId('page')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(alert).getByTestId('activation-alert-resend')).toBeInTheDocument();
  });
});
