import type { useTranslation } from 'react-i18next';
import { translateError } from '../../shared/i18n/translateError';
import { accountApi } from './accountApi';

/** Sends the activation mail again and says how it went, in the member's words. */
export async function resendActivation(
  onDone: (ok: boolean, text: string) => void,
  t: ReturnType<typeof useTranslation>['t'],
  email: string,
) {
  try {
    await accountApi.resendActivation();
    onDone(true, t('activation.resent', { email }));
  } catch (error) {
    onDone(false, translateError(t, error));
  }
}
