import { act, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LEAVING_STATE } from '../../shared/routing/guard';
import { settingsFixture, userFixture } from '../../test/fixtures';
import { seedStores, setupTestI18n } from '../../test/render';
import { useSession } from '../../shared/session';
import { HomeRoute } from './HomeRoute';

function renderHome(initialEntries: string[] = ['/']) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <HomeRoute /> },
      { path: '/members', element: <p>members area</p> },
      { path: '/pages/faq', element: <p>faq</p> },
    ],
    { initialEntries, initialIndex: initialEntries.length - 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('"/"', () => {
  beforeAll(() => setupTestI18n());
  beforeEach(() => seedStores({ settings: settingsFixture(), company: null }));
  afterEach(() => useSession.setState({ user: null }));

  it('shows visitors the landing page', () => {
    const router = renderHome();
    expect(screen.getByRole('heading', { level: 1, name: 'Meet adults near you' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends members on to the members area, replacing "/" in the history', async () => {
    useSession.setState({ user: userFixture() });
    const router = renderHome(['/pages/faq', '/']);
    expect(await screen.findByText('members area')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/members');
    expect(router.state.historyAction).toBe('REPLACE');
    // Back skips "/": it leads to where the member was before.
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/pages/faq');
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });

  it('lets the member who is logging out through to the landing page', async () => {
    useSession.setState({ user: userFixture() });
    const router = renderHome(['/pages/faq']);
    await act(() => router.navigate('/', { state: LEAVING_STATE }));
    expect(router.state.location.pathname).toBe('/');
    act(() => useSession.setState({ user: null }));
    expect(screen.getByRole('heading', { level: 1, name: 'Meet adults near you' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('keeps a visitor who logs in on the page in their flow', () => {
    const router = renderHome();
    act(() => useSession.setState({ user: userFixture() }));
    expect(router.state.location.pathname).toBe('/');
  });
});
