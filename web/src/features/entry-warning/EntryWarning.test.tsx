import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { settingsFixture, userFixture } from '../../test/fixtures';
import { renderInRouter, seedStores, setupTestI18n } from '../../test/render';
import { useSession } from '../../shared/session';
import { ENTRY_WARNING_SKIP_KEY, shouldShowEntryWarning, type EntryWarningInputs } from './decision';
import { EntryWarning, SERVER_COPY_ID } from './EntryWarning';

const base: EntryWarningInputs = {
  settings: { enable_site_entry_popup: 'yes', entry_popup_all_layouts: false },
  layout: 'default',
  loggedIn: false,
  standalone: false,
  skippedAt: null,
};

describe('shouldShowEntryWarning', () => {
  it('shows to a first-time visitor in the default layout, whatever the country', () => {
    expect(shouldShowEntryWarning(base)).toBe(true);
    expect(shouldShowEntryWarning({ ...base, settings: { enable_site_entry_popup: 'yes', entry_popup_all_layouts: true } })).toBe(true);
  });

  it('never shows again after it was closed', () => {
    expect(shouldShowEntryWarning({ ...base, skippedAt: 1_700_000_000_000 })).toBe(false);
  });

  it('does not show in the installed app, to members, or when the site turned it off', () => {
    expect(shouldShowEntryWarning({ ...base, standalone: true })).toBe(false);
    expect(shouldShowEntryWarning({ ...base, loggedIn: true })).toBe(false);
    expect(shouldShowEntryWarning({ ...base, settings: { enable_site_entry_popup: 'no', entry_popup_all_layouts: true } })).toBe(false);
    expect(shouldShowEntryWarning({ ...base, settings: null })).toBe(false);
  });

  it.each(['chat', 'lander', 'empty'] as const)('in the %s layout shows only where the server says (NL and DE)', (layout) => {
    const everywhere = (all: boolean) => ({ ...base, layout, settings: { enable_site_entry_popup: 'yes' as const, entry_popup_all_layouts: all } });
    expect(shouldShowEntryWarning(everywhere(true))).toBe(true);
    expect(shouldShowEntryWarning(everywhere(false))).toBe(false);
  });
});

describe('EntryWarning', () => {
  beforeAll(() => setupTestI18n());
  afterEach(() => useSession.setState({ user: null }));

  it('stores the moment it was accepted and disappears', () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
    seedStores({ settings: settingsFixture({ min_age: 18, fictional_plural: 'hosts' }) });
    renderInRouter(<EntryWarning layout="default" />);
    expect(screen.getByRole('dialog')).toHaveTextContent('Adults only');
    expect(screen.getByRole('dialog')).toHaveTextContent('do not exist (hosts)');
    expect(screen.getByRole('link', { name: 'terms and conditions' })).toHaveAttribute('href', '/pages/terms');
    fireEvent.click(screen.getByRole('button', { name: 'I am 18 or older – enter' }));
    expect(localStorage.getItem(ENTRY_WARNING_SKIP_KEY)).toBe('1700000000000');
    expect(screen.queryByText('Adults only')).toBeNull();
  });

  it('is not shown to a logged-in member', () => {
    seedStores({ settings: settingsFixture() });
    useSession.setState({ user: userFixture() });
    renderInRouter(<EntryWarning layout="default" />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("is not shown when the visitor entered on the server's copy while it was being rendered", () => {
    // The server copy's script stores the entry between this render and its commit.
    function EnterMeanwhile() {
      localStorage.setItem(ENTRY_WARNING_SKIP_KEY, '1700000000000');
      return null;
    }
    seedStores({ settings: settingsFixture() });
    renderInRouter(
      <>
        <EntryWarning layout="default" />
        <EnterMeanwhile />
      </>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is not shown once skipped', () => {
    localStorage.setItem(ENTRY_WARNING_SKIP_KEY, '1700000000000');
    seedStores({ settings: settingsFixture() });
    renderInRouter(<EntryWarning layout="default" />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it.each([
    ['shown', null],
    ['not shown', '1700000000000'],
  ])("takes over from the server's copy (drawn before the app loaded) when %s", (_case, skippedAt) => {
    if (skippedAt) localStorage.setItem(ENTRY_WARNING_SKIP_KEY, skippedAt);
    const copy = document.body.appendChild(document.createElement('div'));
    copy.id = SERVER_COPY_ID;
    seedStores({ settings: settingsFixture() });
    renderInRouter(<EntryWarning layout="default" />);
    expect(copy.isConnected).toBe(false);
    expect(screen.queryAllByRole('dialog')).toHaveLength(skippedAt ? 0 : 1);
  });

  it.each([
    ['NL', true],
    ['DE', true],
    ['BE', false],
  ] as const)('in the chat layout shows for a visitor from %s: %s', (country, shown) => {
    // The server decides (entry_popup_all_layouts); the client only follows it.
    seedStores({ settings: settingsFixture({ geoip_selected_country: country, entry_popup_all_layouts: shown }) });
    renderInRouter(<EntryWarning layout="chat" />);
    expect(screen.queryByRole('dialog') !== null).toBe(shown);
  });
});
