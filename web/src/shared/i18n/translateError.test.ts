import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestI18n } from '../../test/render';
import { ApiError } from '../api/errors';
import { i18n } from './i18n';
import { translateError } from './translateError';

describe('translateError', () => {
  beforeAll(() => setupTestI18n());

  it('translates known codes and falls back to the generic text', async () => {
    expect(translateError(i18n.t, new ApiError(429, 'too_many_requests'))).toBe(
      'Too many attempts. Please wait a moment and try again.',
    );
    expect(translateError(i18n.t, new ApiError(400, 'some_new_code'))).toBe('An error occurred.');
    expect(translateError(i18n.t, new Error('x'))).toBe('An error occurred.');
    await i18n.changeLanguage('nl');
    try {
      expect(translateError(i18n.t, new ApiError(400, 'some_new_code'))).toBe('Er is een fout opgetreden.');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
