import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { settingsFixture, userFixture } from '../../test/fixtures';
import { renderInRouter, seedStores, setupTestI18n } from '../../test/render';
import { useSession } from '../../shared/session';
import { forgetMenusLoaded } from './DeferredMenu';
import { TopNav } from './TopNav';

/** The browser never gets idle: the menus load only on intent. */
function neverIdle() {
  vi.stubGlobal('requestIdleCallback', () => 1);
  vi.stubGlobal('cancelIdleCallback', () => {});
}

describe('the deferred drop-down menus', () => {
  beforeAll(() => setupTestI18n());
  beforeEach(() => {
    forgetMenusLoaded();
    seedStores({ settings: settingsFixture({ locales: ['en', 'nl', 'de'] }) });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    useSession.setState({ user: null });
  });

  it('shows a stand-in toggle first, and opens the menu once its code is in when pressed', async () => {
    neverIdle();
    renderInRouter(<TopNav />);
    const standIn = screen.getByRole('button', { name: /^Language/ });
    expect(standIn).not.toHaveAttribute('id'); // Bootstrap's own toggle has one
    expect(standIn).toHaveClass('nav-pill', 'language-toggle', 'dropdown-toggle', 'btn', 'btn-link');
    fireEvent.click(standIn);
    expect(await screen.findByText('Deutsch')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Language/ })).toHaveAttribute('aria-expanded', 'true');
  });

  it('loads the menu code once the page has settled (2000 ms, then an idle moment)', async () => {
    let idle: (() => void) | null = null;
    vi.stubGlobal('requestIdleCallback', (callback: () => void, options: IdleRequestOptions) => {
      expect(options).toEqual({ timeout: 2000 });
      idle = callback;
      return 1;
    });
    vi.stubGlobal('cancelIdleCallback', () => {});
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      renderInRouter(<TopNav />);
      act(() => vi.advanceTimersByTime(1999));
      expect(idle).toBeNull();
      act(() => vi.advanceTimersByTime(1));
    } finally {
      vi.useRealTimers();
    }
    expect(screen.getByRole('button', { name: /^Language/ })).not.toHaveAttribute('id');
    act(() => idle!());
    await waitFor(() => expect(screen.getByRole('button', { name: /^Language/ })).toHaveAttribute('id'));
    expect(screen.queryByText('Deutsch')).toBeNull(); // loaded, not opened
  });

  it('does not swap the stand-in while it is pressed (the click would be lost)', async () => {
    neverIdle();
    renderInRouter(<TopNav />);
    const standIn = screen.getByRole('button', { name: /^Language/ });
    fireEvent.pointerDown(standIn);
    await act(async () => {
      await import('./menus'); // the menu's code arrives mid-press
    });
    expect(screen.getByRole('button', { name: /^Language/ })).toBe(standIn);
    fireEvent.pointerUp(standIn);
    fireEvent.click(standIn);
    expect(await screen.findByText('Deutsch')).toBeInTheDocument();
  });

  it('hands the keyboard focus over to the real toggle', async () => {
    neverIdle();
    renderInRouter(<TopNav />);
    act(() => screen.getByRole('button', { name: /^Language/ }).focus());
    await waitFor(() => expect(screen.getByRole('button', { name: /^Language/ })).toHaveAttribute('id'));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /^Language/ }));
  });

  it('does the same for the account menu', async () => {
    neverIdle();
    useSession.setState({ user: userFixture({ profile: { ...userFixture().profile, name: 'Robin' } }) });
    renderInRouter(<TopNav />);
    const standIn = await screen.findByRole('button', { name: /^My account/ });
    expect(standIn).toHaveTextContent('Robin');
    fireEvent.click(standIn);
    expect(await screen.findByTestId('logout')).toBeInTheDocument();
  });
});
