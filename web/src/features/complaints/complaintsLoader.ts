import { i18n } from '../../shared/i18n/i18n';

/** The complaints screen waits for its texts. */
export async function complaintsLoader(): Promise<null> {
  await i18n.loadNamespaces(['complaints']);
  return null;
}
