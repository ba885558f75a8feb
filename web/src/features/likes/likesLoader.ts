import { i18n } from '../../shared/i18n/i18n';

/** The likes screens wait for their texts (`discovery` and `profile` for the member cards). */
export async function likesLoader(): Promise<null> {
  await i18n.loadNamespaces(['likes', 'discovery', 'profile']);
  return null;
}
