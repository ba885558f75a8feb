import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PATHS } from '../../shared/routing/paths';
import { renderInRouter, seedStores, setupTestI18n } from '../../test/render';
import { settingsFixture, userFixture } from '../../test/fixtures';
import { useChat, counterBadge } from '../../shared/counters';
import { useSession } from '../../shared/session';
import { creditsBadge, moneyLink } from './badges';
import { TopNav } from './TopNav';

describe('counterBadge', () => {
  it('shows nothing at zero, the number up to 99, then 99+', () => {
    expect(counterBadge(0)).toBeNull();
    expect(counterBadge(-3)).toBeNull();
    expect(counterBadge(1)).toBe('1');
    expect(counterBadge(99)).toBe('99');
    expect(counterBadge(100)).toBe('99+');
    expect(counterBadge(12345)).toBe('99+');
  });
});

describe('creditsBadge', () => {
  it('shows for paid users at 10 credits or fewer', () => {
    expect(creditsBadge({ paid_user: true, credits: 11 })).toBeNull();
    expect(creditsBadge({ paid_user: true, credits: 10 })).toEqual({ label: '10', variant: 'warning' });
    expect(creditsBadge({ paid_user: true, credits: 1 })).toEqual({ label: '1', variant: 'warning' });
    expect(creditsBadge({ paid_user: true, credits: 0 })).toEqual({ label: '0', variant: 'danger' });
  });

  it('never shows for members who have not paid', () => {
    expect(creditsBadge({ paid_user: false, credits: 0 })).toBeNull();
    expect(creditsBadge({ paid_user: false, credits: 5 })).toBeNull();
  });

  it('gives paid users the credits link and others the premium link', () => {
    expect(moneyLink({ paid_user: true })).toBe('credits');
    expect(moneyLink({ paid_user: false })).toBe('premium');
  });
});

const member = userFixture;

/** The members' screens arrive in later issues; register stand-ins to see their links. */
const memberRoutes = ['members', 'chats', 'likes', 'credits', 'premium', 'profile', 'settings'];
function registerMemberRoutes() {
  const registry: Record<string, string> = PATHS;
  const added = memberRoutes.filter((name) => !(name in registry));
  for (const name of added) {
    registry[name] = `/${name}`;
  }
  return () => added.forEach((name) => delete registry[name]);
}

describe('TopNav', () => {
  beforeAll(() => setupTestI18n());
  afterEach(() => {
    useSession.setState({ user: null });
    useChat.getState().reset();
  });

  it('shows visitors no member navigation', () => {
    seedStores({ settings: settingsFixture() });
    renderInRouter(<TopNav />);
    expect(screen.queryByText('Messages')).toBeNull();
    expect(screen.queryByText('My account')).toBeNull();
  });

  it('shows members their counters capped at 99+ and the low-credit badge', async () => {
    const unregister = registerMemberRoutes();
    try {
      seedStores({ settings: settingsFixture() });
      useSession.setState({ user: member({ credits: 0 }) });
      useChat.setState({ totalUnread: 150, totalNewLikes: 3 });
      renderInRouter(<TopNav />);
      expect(await screen.findByTestId('badge-chats')).toHaveTextContent('99+');
      expect(screen.getByTestId('badge-likes')).toHaveTextContent('3');
      expect(screen.getByTestId('badge-credits')).toHaveTextContent('0');
      expect(screen.getByTestId('badge-credits')).toHaveClass('text-bg-danger');
      expect(screen.queryByText('Premium')).toBeNull();
      expect(screen.queryByText('Log in')).toBeNull();
    } finally {
      unregister();
    }
  });

  it('shows free members the premium link instead of credits', async () => {
    const unregister = registerMemberRoutes();
    try {
      seedStores({ settings: settingsFixture() });
      useSession.setState({ user: member({ paid_user: false, credits: 0 }) });
      renderInRouter(<TopNav />);
      expect(await screen.findByText('Premium')).toBeInTheDocument();
      expect(screen.queryByText('Credits')).toBeNull();
      expect(screen.queryByTestId('badge-chats')).toBeNull();
    } finally {
      unregister();
    }
  });

  it('hides member links whose screens do not exist yet', async () => {
    // Every member screen exists by now: take the messages screen away for a moment.
    const registry: Record<string, string> = PATHS;
    const chats = registry.chats!;
    delete registry.chats;
    try {
      seedStores({ settings: settingsFixture() });
      useSession.setState({ user: member() });
      renderInRouter(<TopNav />);
      expect(await screen.findByRole('button', { name: /^My account/ })).toBeInTheDocument();
      expect(screen.queryByText('Messages')).toBeNull();
    } finally {
      registry.chats = chats;
    }
  });

  it('shows the language menu only for sites with several languages', () => {
    seedStores({ settings: settingsFixture({ locales: ['nl'] }) });
    const { unmount } = renderInRouter(<TopNav />);
    expect(screen.queryByRole('button', { name: /^Language/ })).toBeNull();
    unmount();
    seedStores({ settings: settingsFixture({ locales: ['nl', 'en'] }) });
    renderInRouter(<TopNav />);
    expect(screen.getByRole('button', { name: /^Language/ })).toBeInTheDocument();
  });
});
