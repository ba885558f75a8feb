import { i18n } from '../../shared/i18n/i18n';

/** The safety page (issue 31.5) waits for its catalog. */
export async function safetyLoader(): Promise<null> {
  await i18n.loadNamespaces(['safety']);
  return null;
}
