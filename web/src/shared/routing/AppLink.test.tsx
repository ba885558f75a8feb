import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PATHS, pathTo, routeExists } from './paths';
import { renderInRouter } from '../../test/render';
import { AppLink } from './AppLink';

describe('route registry', () => {
  it('knows the screens of this issue', () => {
    for (const name of ['index', 'lang-config', 'terms', 'privacy', 'cookies', 'ban', 'return-policy', 'service', 'faq']) {
      expect(routeExists(name)).toBe(true);
    }
    expect(pathTo('return-policy')).toBe('/pages/return-policy');
    expect(pathTo('index')).toBe('/');
  });

  it('knows the account screens', () => {
    for (const name of ['signup', 'complete-signup', 'login', 'reset-password', 'reset-password-do', 'activate-done', 'activate-error', 'mail-change-do', 'account-deleted', 'settings', 'profile']) {
      expect(routeExists(name)).toBe(true);
    }
    expect(pathTo('reset-password-do')).toBe('/reset-password/do');
    expect(pathTo('activate-done')).toBe('/activate/done');
  });

  it('does not know screens of later issues', () => {
    for (const name of ['not-a-screen', 'toString', 'constructor']) {
      expect(routeExists(name)).toBe(false);
    }
  });

  it('fills in route parameters', () => {
    const registry: Record<string, string> = PATHS;
    registry['landing'] = '/members/:id/landing2/:slug?';
    try {
      expect(pathTo('members-id', { id: 42 })).toBe('/members/42');
      expect(pathTo('landing' as never, { id: 1 })).toBe('/members/1/landing2');
      expect(pathTo('landing' as never, { id: 1, slug: 'she-nl' })).toBe('/members/1/landing2/she-nl');
    } finally {
      delete registry['landing'];
    }
  });
});

describe('AppLink', () => {
  it('links to registered screens', () => {
    renderInRouter(<AppLink to="faq">FAQ</AppLink>);
    expect(screen.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/pages/faq');
  });

  it('renders nothing for screens that do not exist yet', () => {
    renderInRouter(
      <div data-testid="box">
        <AppLink to="not-a-screen">Nowhere</AppLink>
      </div>,
    );
    expect(screen.getByTestId('box')).toBeEmptyDOMElement();
  });

  it('appears once the screen is registered', () => {
    const registry: Record<string, string> = PATHS;
    registry['not-a-screen'] = '/somewhere';
    try {
      renderInRouter(<AppLink to="not-a-screen">Somewhere</AppLink>);
      expect(screen.getByRole('link', { name: 'Somewhere' })).toHaveAttribute('href', '/somewhere');
    } finally {
      delete registry['not-a-screen'];
    }
  });
});
