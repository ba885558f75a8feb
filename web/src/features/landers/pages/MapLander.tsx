import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../shared/ui/icons';
import { useGeo } from '../../../shared/geo';
import { useSession } from '../../../shared/session';
import { useSettings } from '../../../shared/site';
import { usePageTitle } from '../../../shared/title';
import type { LanderMember } from '../landerApi';
import { FictionalNote, FinalCta, TrustChips } from '../LanderParts';
import { MemberTile } from '../MemberTile';
import { SignupCta } from '../SignupCta';
import { type NearPlace, useMembersNear } from '../nearMembers';
import { useLander } from '../useLander';
import { MapBoard } from './MapBoard';

export { MAP_ANCHORS, MAP_YOU, placePins, type Pin } from './MapBoard';

const NO_COUNTRIES: readonly string[] = [];

/**
 * Where the visitor is, as they said it (issue 19.2): a member's own profile, or the place
 * the browser's position gives when the visitor asks ("Show members near me"). Never the
 * country of the request's address.
 */
function useNearPlace(countries: readonly string[]) {
  const profile = useSession((s) => s.user?.profile ?? null);
  const locate = useGeo((s) => s.locate);
  const [found, setFound] = useState<NearPlace | null>(null);
  const [finding, setFinding] = useState<'idle' | 'busy' | 'failed'>('idle');
  const own = profile ? { country: profile.country, region: profile.region } : null;
  const ask = async () => {
    setFinding('busy');
    const place = await locate();
    if (!place || (countries.length > 0 && !countries.includes(place.country))) return setFinding('failed');
    setFound({ country: place.country, region: place.region });
    setFinding('idle');
  };
  return { place: own ?? found, finding, ask };
}

/**
 * The map's members: those of the visitor's region once it is known (and has members),
 * else the newest; loading while the near ones are on their way.
 */
function useMapMembers() {
  const countries = useSettings((s) => s.settings?.countries) ?? NO_COUNTRIES;
  const lander = useLander('maplanding', { memberCount: 10 });
  const { place, finding, ask } = useNearPlace(countries);
  const { near, label } = useMembersNear(place, 10);
  const known = place !== null && near !== null && near.length > 0;
  const members = known ? near : lander.members;
  const status = place !== null && near === null && lander.status === 'ready' ? 'loading' : lander.status;
  // "None near": the region is known and has no members, so the newest are shown instead.
  const noneNear = !known && place !== null && near !== null;
  return { ...lander, members, status, known, noneNear, label, located: place !== null, finding, ask };
}

type MapMembers = ReturnType<typeof useMapMembers>;

/** "Show members near me", with its progress and the note when the position is of no use. */
function LocateButton({ finding, ask }: Pick<MapMembers, 'finding' | 'ask'>) {
  const { t } = useTranslation('landers');
  return (
    <div className="mb-3">
      <button type="button" className="btn btn-outline-primary rounded-pill px-3" onClick={() => void ask()} disabled={finding === 'busy'} data-testid="map-locate">
        {finding === 'busy' ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : <Icon name="mapPin" size={18} className="me-2" />}
        {t('map.locate')}
      </button>
      {finding === 'failed' && (
        <p className="small mt-2 mb-0" role="status" data-testid="map-locate-failed">
          {t('map.locateFailed')}
        </p>
      )}
    </div>
  );
}

/** The hero's text: where the members are (near the visitor or not), locating, sign-up. */
function MapIntro({ map }: { map: MapMembers }) {
  const { t } = useTranslation('landers');
  const { known, noneNear, label } = map;
  return (
    <>
      {known && (
        <p className="lander-eyebrow map-hero__eyebrow">
          <Icon name="mapPin" size={16} /> {t('map.eyebrow')}
        </p>
      )}
      <h1 id="map-title" className="map-hero__title">
        {t('map.title')}
      </h1>
      <p className="map-hero__lead" data-testid="map-lead">
        {known ? t('map.leadNear', { place: label }) : noneNear ? t('map.noneNear', { place: label }) : t('map.leadUnknown')}
      </p>
      {!map.located && <LocateButton finding={map.finding} ask={map.ask} />}
      <SignupCta onClick={map.signup} className="lander-cta--lg">
        {t('map.cta')}
      </SignupCta>
      <TrustChips className="mt-3" />
    </>
  );
}

/** The members again, as a list under the map. */
function MapList({ members, known, label }: { members: readonly LanderMember[]; known: boolean; label: string }) {
  const { t } = useTranslation('landers');
  return (
    <section className="lander-section map-list" aria-labelledby="map-list-title">
      <div className="container">
        <h2 id="map-list-title" className="lander-section__title">
          {known ? t('map.listTitleNear', { place: label }) : t('map.listTitleAll')}
        </h2>
        <ul className="map-list__grid">
          {members.map((member) => (
            <li key={member.id}>
              <MemberTile member={member} size="sm" className="lander-tile--row" />
            </li>
          ))}
        </ul>
        <FictionalNote members={members} />
      </div>
    </section>
  );
}

/**
 * /landers/maplanding: members near the visitor as photo pins on a drawn map. Near means
 * the visitor's region (their profile's, or their position's when they share it); until
 * it is known the page says so and shows the newest members, never "near you".
 */
export function MapLander() {
  const { t } = useTranslation('landers');
  const map = useMapMembers();
  const { members, known, status, signup } = map;
  const [selectedId, setSelectedId] = useState<number | null>(null);
  usePageTitle(t('map.title'));

  return (
    <div className="lander lander--map" data-testid="lander-maplanding">
      <section className="map-hero" aria-labelledby="map-title">
        <div className="container">
          <div className="row align-items-center g-4 g-lg-5">
            <div className="col-lg-5">
              <MapIntro map={map} />
            </div>
            <div className="col-lg-7">
              <MapBoard members={members} known={known} status={status} retry={map.retry} signup={signup} selectedId={selectedId} onSelect={setSelectedId} />
            </div>
          </div>
        </div>
      </section>

      {status === 'ready' && members.length > 0 && <MapList members={members} known={known} label={map.label} />}

      <FinalCta className="lander-final--map" title={t('map.bottomTitle')} text={t('map.bottomText')} cta={t('map.bottomCta')} onSignup={signup} />
    </div>
  );
}
