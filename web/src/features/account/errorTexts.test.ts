import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestI18n } from '../../test/render';
import { ApiError } from '../../shared/api/errors';
import { i18n } from '../../shared/i18n/i18n';
import { LANGUAGES } from '../../shared/i18n/languages';
import { translateError } from '../../shared/i18n/translateError';

/** Every account error code with the params the server sends. */
const CODES: Record<string, Record<string, unknown>> = {
  invalid_fields: {},
  invalid_email: {},
  name_starts_with_at: {},
  name_equals_email: {},
  name_length: { min: 2, max: 30 },
  birth_date_required: { min_age: 18 },
  invalid_birth_date: {},
  password_too_short: { min: 10 },
  password_too_long: { max: 128 },
  password_too_common: {},
  password_blank: {},
  password_personal: {},
  invite_only: { sitename: 'Amora' },
  signup_needs_traffic_source: { sitename: 'Amora' },
  account_exists: {},
  account_deleted_reactivatable: { support_email: 'help@amora.test' },
  account_deleted: {},
  invalid_request: {},
  invalid_json: {},
  too_many_requests: {},
  activation_failed: {},
  already_activated: {},
  login_failed: {},
  too_many_attempts: { minutes: 15 },
  account_banned: {},
  passwords_differ: {},
  reset_link_invalid: {},
  too_many_reset_mails: {},
  old_password_wrong: {},
  new_email_invalid: {},
  email_taken: {},
  password_wrong: {},
  mail_change_link_invalid: {},
  reactivation_link_invalid: {},
  authentication_required: {},
  two_factor_required: {},
  two_factor_code_required: {},
  two_factor_code_wrong: {},
  two_factor_code_used: {},
  two_factor_challenge_invalid: {},
  two_factor_already_on: {},
  two_factor_not_on: {},
  two_factor_not_set_up: {},
};

/** The spec's Dutch (sections 5 and 8), word for word. */
const SPEC_DUTCH: Record<string, string> = {
  name_equals_email: 'Je profielnaam moet anders zijn dan je e-mailadres',
  name_starts_with_at: 'Je profielnaam mag niet beginnen met een @',
  birth_date_required: 'Vul uw geboortedatum in (18+ jaar)',
  invalid_birth_date: 'Ongeldige geboortedatum.',
  invalid_email: 'Ongeldige e-mail',
  passwords_differ: 'De opgegeven wachtwoorden zijn niet gelijk.',
  old_password_wrong: 'Controleer je oude wachtwoord.',
  email_taken: 'Dit e-mailadres heeft al een account op deze site.',
  new_email_invalid: 'Nieuw e-mailadres invalide.',
  login_failed: 'Login mislukt, probeer opnieuw',
  too_many_attempts: 'Te veel foute pogingen, account voor 15 min geblokkeerd.',
  reset_link_invalid: 'Link verlopen of invalide, vraag een nieuwe e-mail aan',
  activation_failed: 'Activeren mislukt',
  invite_only: 'Amora is momenteel invite-only',
};

const text = (code: string) => translateError(i18n.t, new ApiError(400, code, CODES[code]));

describe('account error texts', () => {
  beforeAll(() => setupTestI18n());

  it.each(LANGUAGES)('has a text of its own for every code in %s, with the params filled in', async (language) => {
    await i18n.changeLanguage(language);
    try {
      const generic = i18n.t('errors.generic');
      for (const code of Object.keys(CODES)) {
        const message = text(code);
        expect(message, `${language} ${code}`).not.toBe(generic);
        expect(message, `${language} ${code}`).not.toMatch(/\{\{|errors\./);
      }
      expect(text('too_many_attempts')).toContain('15');
      expect(text('birth_date_required')).toContain('18');
      expect(text('invite_only')).toContain('Amora');
      expect(text('account_deleted_reactivatable')).toContain('help@amora.test');
      expect(text('name_length')).toMatch(/2.*30/);
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('uses the spec\'s exact Dutch', async () => {
    await i18n.changeLanguage('nl');
    try {
      for (const [code, dutch] of Object.entries(SPEC_DUTCH)) expect(text(code), code).toBe(dutch);
      expect(text('too_many_reset_mails')).toMatch(/probeer het morgen nog eens$/);
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('falls back to the generic text for unknown codes', () => {
    expect(text('no_such_code')).toBe('An error occurred.');
  });
});
