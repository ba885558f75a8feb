import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api/errors';
import { i18n } from '../../shared/i18n/i18n';
import { LANGUAGES } from '../../shared/i18n/languages';
import { translateError } from '../../shared/i18n/translateError';
import { settingsFixture } from '../../test/fixtures';
import { renderInRouter, seedStores, setupTestI18n } from '../../test/render';
import { signupPolicy } from '../../shared/signup/policy';
import { SignupWizard } from './SignupWizard';

/** A closed site (issue 32.5, `amora sites close`): no sign-up form, no sign-up link; the
 * server's refusal (403 site_closed, also for a purchase) reads the same in every language. */
beforeAll(() => setupTestI18n());
afterEach(() => {
  seedStores({ settings: settingsFixture() });
});

describe('a closed site', () => {
  it('closes sign-ups whatever the sign-up policy', () => {
    for (const signups of ['all', 'with_trafficsource', 'invite_only'] as const) {
      expect(signupPolicy(signups, true, true)).toBe('site_closed');
    }
    expect(signupPolicy('all', false, false)).toBe('open');
  });

  it('shows why instead of the sign-up form', () => {
    seedStores({ settings: settingsFixture({ closed: true, name: 'Flirt' }) });
    renderInRouter(<SignupWizard onDone={() => undefined} />);
    expect(screen.getByTestId('signup-site_closed')).toHaveTextContent(
      'Flirt has closed: signing up and buying credits are no longer possible. Members can still log in',
    );
    expect(screen.queryByTestId('signup-next')).toBeNull();
  });

  it.each(LANGUAGES)('explains the refusal in %s with the site name', async (language) => {
    await i18n.changeLanguage(language);
    try {
      const text = translateError(i18n.t, new ApiError(403, 'site_closed', { sitename: 'Flirt' }));
      expect(text).toContain('Flirt');
      expect(text).not.toBe(i18n.t('errors.generic'));
      expect(text).not.toMatch(/\{\{|errors\./);
      if (language !== 'en') {
        await i18n.changeLanguage('en');
        expect(translateError(i18n.t, new ApiError(403, 'site_closed', { sitename: 'Flirt' }))).not.toBe(text);
      }
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
