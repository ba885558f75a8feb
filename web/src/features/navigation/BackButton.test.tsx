import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { seedStores, setupTestI18n } from '../../test/render';
import { settingsFixture } from '../../test/fixtures';
import { BACK_BUTTON_ROUTES, shouldShowBackButton } from './BackButton';
import { TopNav } from './TopNav';

describe('shouldShowBackButton', () => {
  it('shows only standalone, with history, on the listed screens', () => {
    const base = { standalone: true, historyLength: 2, routeIds: ['root', 'layout-default', 'members-id'] };
    expect(shouldShowBackButton(base)).toBe(true);
    expect(shouldShowBackButton({ ...base, standalone: false })).toBe(false);
    expect(shouldShowBackButton({ ...base, historyLength: 1 })).toBe(false);
    expect(shouldShowBackButton({ ...base, routeIds: ['root', 'layout-default', 'members'] })).toBe(false);
    for (const id of ['members-id', 'likes-type', 'likes-m-id', 'credits', 'credits-id-paymentmethod']) {
      expect(shouldShowBackButton({ ...base, routeIds: [id] })).toBe(true);
    }
    expect(BACK_BUTTON_ROUTES).toHaveLength(5);
  });
});

/** TopNav on a screen registered under `id`, after a first screen (/start). */
function renderAt(id: string, path: string) {
  const router = createMemoryRouter(
    [
      { id: 'start', path: '/start', element: <TopNav /> },
      { id, path, element: <TopNav /> },
    ],
    { initialEntries: ['/start', path.replace(':id', '7').replace(':type', 'new')], initialIndex: 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

function displayMode(standalone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: standalone && query === '(display-mode: standalone)',
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

describe('the back button in the top navigation', () => {
  beforeAll(() => setupTestI18n());
  beforeEach(() => {
    seedStores({ settings: settingsFixture() });
    // The browser's own history: the app was opened, then moved on once.
    window.history.pushState({}, '', '/start');
    window.history.pushState({}, '', '/next');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    delete (navigator as Navigator & { standalone?: boolean }).standalone;
  });

  it('goes back one step in the installed app', async () => {
    displayMode(true);
    const router = renderAt('members-id', '/members/:id');
    const back = screen.getByRole('button', { name: 'Back' });
    await userEvent.click(back);
    expect(router.state.location.pathname).toBe('/start');
  });

  it('also counts iOS home-screen apps (navigator.standalone)', () => {
    displayMode(false);
    Object.defineProperty(navigator, 'standalone', { value: true, configurable: true });
    renderAt('likes-type', '/likes/:type');
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });

  it('is not shown in a browser tab: the browser has its own', () => {
    displayMode(false);
    renderAt('members-id', '/members/:id');
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });

  it('is not shown on other screens', () => {
    displayMode(true);
    renderAt('members', '/members');
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });

  it('is not shown without history to go back to', () => {
    displayMode(true);
    vi.spyOn(window.history, 'length', 'get').mockReturnValue(1);
    renderAt('credits', '/credits');
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });

  it('is labelled in the visitor language', async () => {
    displayMode(true);
    const { i18n } = await import('../../shared/i18n/i18n');
    await act(() => i18n.changeLanguage('nl'));
    try {
      renderAt('credits-id-paymentmethod', '/credits/:id/:paymentmethod?');
      expect(screen.getByRole('button', { name: 'Terug' })).toBeInTheDocument();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
