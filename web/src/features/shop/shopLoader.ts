import { i18n } from '../../shared/i18n/i18n';

/** The shop screens wait for their texts. */
export async function shopLoader(): Promise<null> {
  await i18n.loadNamespaces(['shop']);
  return null;
}
