import type { useTranslation } from 'react-i18next';
import { translateError } from '../i18n/translateError';
import { sessionApi } from '../session/sessionApi';

/** Sends the activation mail again and says how it went, in the member's words (`t`: a
 *  namespace with activation.resent, the account's or the common one). */
export async function resendActivation(
  onDone: (ok: boolean, text: string) => void,
  t: ReturnType<typeof useTranslation>['t'],
  email: string,
) {
  try {
    await sessionApi.resendActivation();
    onDone(true, t('activation.resent', { email }));
  } catch (error) {
    onDone(false, translateError(t, error));
  }
}
