import { i18n } from '../../shared/i18n/i18n';
import { useCompany } from '../../shared/site';

/** Legal pages wait for their catalog (and `more`, e.g. the ban page's decisions) and the
 * company's details before showing. */
export async function legalLoader(more: string[] = []): Promise<null> {
  await Promise.all([i18n.loadNamespaces(['legal', ...more]), useCompany.getState().load().catch(() => null)]);
  return null;
}
