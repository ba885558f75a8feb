import { i18n } from '../../shared/i18n/i18n';

/** Account screens wait for their catalog namespace before showing. */
export async function accountLoader(): Promise<null> {
  await i18n.loadNamespaces('account');
  return null;
}
