import { i18n } from '../../shared/i18n/i18n';

/** The game screens wait for their texts (`profile` names interests, `discovery` the fictional badge). */
export async function gamesLoader(): Promise<null> {
  await i18n.loadNamespaces(['games', 'profile', 'discovery']);
  return null;
}
