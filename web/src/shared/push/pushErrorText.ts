import type { TFunction } from 'i18next';
import { ApiError } from '../api/errors';
import { translateError } from '../i18n/translateError';

/**
 * A push failure in words: the common error texts for API errors, the push text for
 * what the browser refused (a push service error, no service worker ...).
 */
export function pushErrorText(t: TFunction, tc: TFunction, error: unknown): string {
  if (error instanceof ApiError) return translateError(tc, error);
  return t('push.failed', { ns: 'notifications' });
}
