import type { TFunction } from 'i18next';
import { ApiError, errorKey } from '../../shared/api/errors';
import { translateError } from '../../shared/i18n/translateError';

/** A like failure in words: the likes catalog's own codes first, then the common ones. */
export function likeErrorText(t: TFunction, tc: TFunction, error: unknown): string {
  const common = translateError(tc, error);
  return error instanceof ApiError ? t(errorKey(error.code), { ns: 'likes', defaultValue: common }) : common;
}
