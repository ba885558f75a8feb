import { i18n } from '../../shared/i18n/i18n';

/**
 * The search and member screens wait for their texts (`profile` names attributes and
 * interests, `likes` labels the like buttons, `gifts` the gift picker on a profile).
 */
export async function discoveryLoader(): Promise<null> {
  await i18n.loadNamespaces(['discovery', 'profile', 'likes', 'gifts']);
  return null;
}
