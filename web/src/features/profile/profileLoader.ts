import { i18n } from '../../shared/i18n/i18n';

/** The profile screen waits for its catalog namespaces (the birth-date select uses `account`). */
export async function profileLoader(): Promise<null> {
  await i18n.loadNamespaces(['profile', 'account']);
  return null;
}
