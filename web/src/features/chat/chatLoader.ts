import { i18n } from '../../shared/i18n/i18n';

/**
 * The chat screens wait for their texts (`discovery` names the fictional badge and the
 * block texts, `gifts` the gifts in the conversation and the list).
 */
export async function chatLoader(): Promise<null> {
  await i18n.loadNamespaces(['chat', 'discovery', 'gifts']);
  return null;
}
