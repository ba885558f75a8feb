import { i18n } from '../../shared/i18n/i18n';

/** The Decisions screen waits for its texts. */
export async function decisionsLoader(): Promise<null> {
  await i18n.loadNamespaces(['decisions']);
  return null;
}
