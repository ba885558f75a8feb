import { useEffect, useState } from 'react';
import { regionKey, useProfileCatalogs } from './catalogStore';

/**
 * The regions of a country in this language, loaded when asked for (null: none asked), and
 * whether loading them failed. A failure belongs to its country and language: another choice
 * is not failed, and a later success forgets it.
 */
export function useRegions(country: string | null, language: string) {
  const asked = country ? regionKey(country, language) : null;
  const regions = useProfileCatalogs((s) => (asked ? s.regions[asked] : undefined));
  const loadRegions = useProfileCatalogs((s) => s.loadRegions);
  const [failedFor, setFailedFor] = useState<string | null>(null);
  useEffect(() => {
    if (!country) return;
    const key = regionKey(country, language);
    loadRegions(country, language).then(
      () => setFailedFor((failed) => (failed === key ? null : failed)),
      () => setFailedFor(key),
    );
  }, [country, language, loadRegions]);
  return { regions, failed: asked !== null && failedFor === asked };
}
