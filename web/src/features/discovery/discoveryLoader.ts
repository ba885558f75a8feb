import { i18n } from '../../shared/i18n/i18n';

/** The member search shows cards with like buttons: its texts and the like buttons'. */
export const SEARCH_NAMESPACES = ['discovery', 'likes'];
/** A member's profile also names attributes and interests (`profile`) and has the gift picker (`gifts`). */
export const PROFILE_NAMESPACES = ['discovery', 'profile', 'likes', 'gifts'];

/** The search and member screens wait for their texts. */
export async function discoveryLoader(namespaces: string[] = PROFILE_NAMESPACES): Promise<null> {
  await i18n.loadNamespaces(namespaces);
  return null;
}
