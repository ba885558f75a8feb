import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { settingsFixture } from '../../test/fixtures';
import { seedStores } from '../../test/render';
import { useChat } from '../counters';
import { DocumentTitle } from './DocumentTitle';
import { composeTitle, setAppBadge, usePageTitle } from './pageTitle';

describe('composeTitle', () => {
  it('puts the page before the site name', () => {
    expect(composeTitle({ count: 0, pageTitle: 'FAQ', siteName: 'Amora' })).toBe('FAQ · Amora');
    expect(composeTitle({ count: 0, pageTitle: null, siteName: 'Amora' })).toBe('Amora');
  });

  it('prefixes the number of unread messages plus new likes', () => {
    expect(composeTitle({ count: 3, pageTitle: 'FAQ', siteName: 'Amora' })).toBe('(3) FAQ · Amora');
    expect(composeTitle({ count: 120, pageTitle: null, siteName: 'Amora' })).toBe('(120) Amora');
  });

  it('uses the index title on the home page', () => {
    expect(composeTitle({ count: 0, pageTitle: 'x', siteName: 'Amora', homeTitle: 'Meet adults near you' })).toBe(
      'Meet adults near you',
    );
    expect(composeTitle({ count: 2, pageTitle: null, siteName: 'Amora', homeTitle: 'Meet' })).toBe('(2) Meet');
  });
});

describe('setAppBadge', () => {
  it('sets the badge to the count and clears it at zero', () => {
    const nav = { setAppBadge: vi.fn(() => Promise.resolve()), clearAppBadge: vi.fn(() => Promise.resolve()) };
    setAppBadge(5, nav as unknown as Navigator);
    expect(nav.setAppBadge).toHaveBeenCalledWith(5);
    setAppBadge(0, nav as unknown as Navigator);
    expect(nav.clearAppBadge).toHaveBeenCalled();
  });

  it('does nothing where badges are not supported', () => {
    expect(() => setAppBadge(5, {} as Navigator)).not.toThrow();
  });
});

function Page({ title, home = false }: { title: string | null; home?: boolean }) {
  usePageTitle(title, { home });
  return null;
}

describe('DocumentTitle', () => {
  afterEach(() => useChat.getState().reset());

  it('keeps document.title in step with the page and the counters', () => {
    seedStores({ settings: settingsFixture({ name: 'Amora', index_title: 'Meet adults near you' }) });
    const { rerender } = render(
      <>
        <DocumentTitle />
        <Page title="Terms" />
      </>,
    );
    expect(document.title).toBe('Terms · Amora');

    act(() => useChat.setState({ totalUnread: 2, totalNewLikes: 1 }));
    expect(document.title).toBe('(3) Terms · Amora');

    rerender(
      <>
        <DocumentTitle />
        <Page title="Meet adults near you" home />
      </>,
    );
    expect(document.title).toBe('(3) Meet adults near you');
  });
});
