import { i18n } from '../../shared/i18n/i18n';

/**
 * The landing pages wait for their texts: `landers`, `discovery` (the fictional-profile
 * mark on member tiles) and `account` (the signup modal the call to action opens).
 */
export async function landersLoader(): Promise<null> {
  await i18n.loadNamespaces(['landers', 'discovery', 'account']);
  return null;
}
