/**
 * Members near a place the visitor is known to be, for the landers that say "near" (the
 * map, "Alone tonight?"). A lander names the place it shows members of, and says nothing
 * about nearness where it knows no place (issue 29.5).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfileCatalogs } from '../../shared/catalogs';
import { useSession } from '../../shared/session';
import { countryName, useSettings } from '../../shared/site';
import { type LanderMember, landerApi } from './landerApi';

export interface NearPlace {
  country: string;
  region: string | null;
}

const NO_COUNTRIES: readonly string[] = [];

/**
 * A place this visitor is known to be in: a member's own profile, else the country of the
 * request's address (the proxy's GeoIP) when this site serves it; null when neither is
 * known. Landers that use it name the place ("Members in the Netherlands") and show that
 * place's members, so what they say holds whatever the address says.
 */
export function useKnownPlace(): NearPlace | null {
  const profile = useSession((s) => s.user?.profile ?? null);
  const geoip = useSettings((s) => s.settings?.geoip_country ?? null);
  const countries = useSettings((s) => s.settings?.countries) ?? NO_COUNTRIES;
  if (profile?.country) return { country: profile.country, region: profile.region ?? null };
  if (geoip && (countries.length === 0 || countries.includes(geoip))) return { country: geoip, region: null };
  return null;
}

export interface MembersNear {
  /** The place's members: null until answered (or when no place is given). */
  near: LanderMember[] | null;
  /** The region's name when its own members are shown, else the country's. */
  label: string;
  /** The search failed: the lander shows its other members instead. */
  failed: boolean;
}

/** The members of a region (else of its country), up to `count`. */
export function useMembersNear(place: NearPlace | null, count: number): MembersNear {
  const { i18n } = useTranslation('landers');
  const country = place?.country ?? '';
  const region = place?.region ?? null;
  const key = `${country}/${region ?? ''}/${count}`;
  // The answer for one place: another place's (an older one) counts as none yet.
  const [answer, setAnswer] = useState<{ key: string; members: LanderMember[] | null; inRegion: boolean } | null>(null);
  const regions = useProfileCatalogs((s) => (country ? s.regions[`${country}:${i18n.language}`] : undefined));
  const loadRegions = useProfileCatalogs((s) => s.loadRegions);
  useEffect(() => {
    if (!country) return;
    const controller = new AbortController();
    if (region) loadRegions(country, i18n.language).catch(() => undefined);
    // The region first; where nobody of it shows a photo yet, the country.
    const ask = (within: string | null) => landerApi.members(count, undefined, controller.signal, { country, region: within });
    ask(region)
      .then(async (found) => (found.length || !region ? { found, inRegion: Boolean(region) } : { found: await ask(null), inRegion: false }))
      .then(
        ({ found, inRegion }) => !controller.signal.aborted && setAnswer({ key, members: found, inRegion }),
        () => !controller.signal.aborted && setAnswer({ key, members: null, inRegion: false }),
      );
    return () => controller.abort();
  }, [country, region, count, key, i18n.language, loadRegions]);
  const mine = country && answer?.key === key ? answer : null;
  // Named by the region only when its own members are shown (else the country's are).
  const regionName = region && mine?.inRegion ? regions?.find((candidate) => candidate.code === region)?.name : undefined;
  const label = country ? (regionName ?? countryName(country, i18n.language)) : '';
  return { near: mine?.members ?? null, label, failed: mine !== null && mine.members === null };
}
