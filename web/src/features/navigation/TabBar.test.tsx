import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../shared/i18n/i18n';
import { renderInRouter, seedStores, setupTestI18n } from '../../test/render';
import { settingsFixture, userFixture } from '../../test/fixtures';
import { useChat } from '../../shared/counters';
import { useSession } from '../../shared/session';
import { TabBar } from './MemberNav';
import { TopNav } from './TopNav';

describe('TabBar (phones)', () => {
  beforeAll(() => setupTestI18n());
  afterEach(async () => {
    useSession.setState({ user: null });
    useChat.getState().reset();
    await i18n.changeLanguage('en');
  });

  it('is not there for visitors', () => {
    seedStores({ settings: settingsFixture() });
    renderInRouter(<TabBar />);
    expect(screen.queryByTestId('tab-bar')).toBeNull();
  });

  it('gives members five labelled places, Discover (the member search) first, then swipe, likes, messages, me', () => {
    seedStores({ settings: settingsFixture() });
    useSession.setState({ user: userFixture() });
    renderInRouter(<TabBar />, '/likes/mine');
    const bar = screen.getByRole('navigation', { name: 'Main sections' });
    const links = within(bar).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Discover', '/members'],
      ['Swipe', '/swipe-game'],
      ['Likes', '/likes'],
      ['Messages', '/chats'],
      ['Me', '/profile'],
    ]);
    // The likes list is open: its tab says so.
    expect(within(bar).getByRole('link', { name: 'Likes' })).toHaveAttribute('aria-current', 'page');
    expect(within(bar).getByRole('link', { name: 'Discover' })).not.toHaveAttribute('aria-current');
  });

  it('shows unread messages and new likes on their tabs, capped at 99+, and says them', () => {
    seedStores({ settings: settingsFixture() });
    useSession.setState({ user: userFixture() });
    useChat.setState({ totalUnread: 150, totalNewLikes: 3 });
    renderInRouter(<TabBar />);
    expect(screen.getByTestId('tab-badge-chats')).toHaveTextContent('99+');
    expect(screen.getByTestId('tab-badge-likes')).toHaveTextContent('3');
    // The number is read with the tab's name, not on its own.
    expect(screen.getByRole('link', { name: 'Messages, 99+ new' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Likes, 3 new' })).toBeInTheDocument();
    expect(screen.queryByTestId('tab-badge-members')).toBeNull();
  });

  it('speaks German', async () => {
    await setupTestI18n('de');
    seedStores({ settings: settingsFixture() });
    useSession.setState({ user: userFixture() });
    renderInRouter(<TabBar />);
    const bar = screen.getByRole('navigation', { name: 'Hauptbereiche' });
    expect(within(bar).getAllByRole('link').map((link) => link.textContent)).toEqual(['Entdecken', 'Swipen', 'Likes', 'Chats', 'Profil']);
  });
});

describe('TopNav for members', () => {
  beforeAll(() => setupTestI18n());
  afterEach(() => useSession.setState({ user: null }));

  it('has the swipe game and the match finder; the tab bar places are left out on phones', async () => {
    seedStores({ settings: settingsFixture() });
    useSession.setState({ user: userFixture() });
    renderInRouter(<TopNav />);
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    // The member's navigation is a chunk of its own: it comes in a moment later.
    expect(await within(nav).findByRole('link', { name: 'Swipe' })).toHaveAttribute('href', '/swipe-game');
    const finder = within(nav).getByRole('link', { name: 'Match finder' });
    expect(finder).toHaveAttribute('href', '/match-finder');
    // The match finder has no tab: it stays in the top bar on phones too.
    expect(finder).not.toHaveClass('member-nav__item--tab');
    for (const name of ['Search', 'Swipe', 'Messages', 'Likes']) {
      expect(within(nav).getByRole('link', { name })).toHaveClass('member-nav__item--tab');
    }
  });

  it('counts a conversation opened from a profile as Messages, not Search', () => {
    seedStores({ settings: settingsFixture() });
    useSession.setState({ user: userFixture() });
    renderInRouter(<TopNav />, '/members/5/chat');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Messages' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Search' })).not.toHaveAttribute('aria-current');
  });

  it('marks Search on a profile', () => {
    seedStores({ settings: settingsFixture() });
    useSession.setState({ user: userFixture() });
    renderInRouter(<TopNav />, '/members/5');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Search' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Messages' })).not.toHaveAttribute('aria-current');
  });
});
