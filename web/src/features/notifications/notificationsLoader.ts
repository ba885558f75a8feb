import { i18n } from '../../shared/i18n/i18n';

/** The notification screens (settings, unsubscribe, login link) wait for their texts. */
export async function notificationsLoader(): Promise<null> {
  await i18n.loadNamespaces(['notifications']);
  return null;
}
