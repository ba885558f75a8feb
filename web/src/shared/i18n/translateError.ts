import type { TFunction } from 'i18next';
import { ApiError, errorKey } from '../api/errors';

/**
 * The member-facing text of an error: `common:errors.<code>` with the error's params,
 * else the generic 'An error occurred.'.
 */
export function translateError(t: TFunction, error: unknown): string {
  const generic = t('errors.generic');
  if (error instanceof ApiError) {
    return t(errorKey(error.code), { ...error.params, defaultValue: generic });
  }
  return generic;
}
