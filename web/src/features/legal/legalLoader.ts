import { i18n } from '../../shared/i18n/i18n';
import { useCompany } from '../site';

/** Legal pages wait for their catalog and the company's details before showing. */
export async function legalLoader(): Promise<null> {
  await Promise.all([i18n.loadNamespaces('legal'), useCompany.getState().load().catch(() => null)]);
  return null;
}
