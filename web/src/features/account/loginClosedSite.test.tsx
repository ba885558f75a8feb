import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { settingsFixture } from '../../test/fixtures';
import { renderInRouter, seedStores, setupTestI18n } from '../../test/render';
import { LoginPage } from './LoginPage';

/** A closed site (issue 32.5) keeps its members' login but offers no sign-up there. */
beforeAll(() => setupTestI18n());
afterEach(() => seedStores({ settings: settingsFixture() }));

describe('the login of a closed site', () => {
  it('stays, without the sign-up link', () => {
    seedStores({ settings: settingsFixture({ closed: true }) });
    renderInRouter(<LoginPage />, '/login');
    expect(screen.getByTestId('login-submit')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign up for free' })).toBeNull();
  });

  it('offers the sign-up link while the site is open', () => {
    seedStores({ settings: settingsFixture({ closed: false }) });
    renderInRouter(<LoginPage />, '/login');
    expect(screen.getByRole('link', { name: 'Sign up for free' })).toBeInTheDocument();
  });
});
