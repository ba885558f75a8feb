import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FictionalBadge } from '../../../shared/members';
import { Icon } from '../../../shared/ui/icons';
import { useGeo } from '../../../shared/geo';
import { useSession } from '../../../shared/session';
import { useSettings } from '../../../shared/site';
import { usePageTitle } from '../../../shared/title';
import type { LanderMember } from '../landerApi';
import { FictionalNote, FinalCta, TrustChips } from '../LanderParts';
import { LanderStatus } from '../LanderStatus';
import { MemberPhoto, MemberTile, memberPlace } from '../MemberTile';
import { SignupCta } from '../SignupCta';
import { type NearPlace, useMembersNear } from '../nearMembers';
import { useLander } from '../useLander';

/** Spots on the drawn map (percent of its width and height) where a region's pins gather. */
export const MAP_ANCHORS: readonly [number, number][] = [
  [24, 24],
  [50, 18],
  [76, 26],
  [82, 52],
  [70, 76],
  [44, 80],
  [22, 58],
  [36, 40],
  [64, 40],
];
/** "You are here": the middle of the map. */
export const MAP_YOU: [number, number] = [52, 52];
const SPREAD = 7; // percent between pins of one region
const clamp = (value: number) => Math.min(93, Math.max(7, value));

function hash(text: string): number {
  let value = 2166136261;
  for (const char of text) value = Math.imul(value ^ char.charCodeAt(0), 16777619);
  return value >>> 0;
}

export interface Pin {
  member: LanderMember;
  x: number;
  y: number;
}

/**
 * Where each member's pin goes: members of one region (else city, else country) gather
 * around one spot of the map, each region its own spot as long as there are spots left.
 * The same members always land on the same places.
 */
export function placePins(members: readonly LanderMember[]): Pin[] {
  const spots = new Map<string, number>();
  const taken = new Set<number>();
  const counts = new Map<string, number>();
  return members.map((member) => {
    const region = (member.region || member.city || member.country || '').trim().toLowerCase();
    let spot = spots.get(region);
    if (spot === undefined) {
      spot = hash(region) % MAP_ANCHORS.length;
      for (let step = 0; step < MAP_ANCHORS.length && taken.has(spot); step++) spot = (spot + 1) % MAP_ANCHORS.length;
      spots.set(region, spot);
      taken.add(spot);
    }
    const index = counts.get(region) ?? 0;
    counts.set(region, index + 1);
    const [ax, ay] = MAP_ANCHORS[spot]!;
    // A sunflower spiral around the spot: the first pin on it, the next ones around.
    const angle = index * 2.39996;
    const radius = SPREAD * Math.sqrt(index);
    return { member, x: clamp(ax + radius * Math.cos(angle)), y: clamp(ay + radius * Math.sin(angle) * 1.3) };
  });
}

/** The map, drawn: land, a coast, a river, a lake, parks and roads. No tiles, no network. */
function MapDrawing() {
  return (
    <svg className="map-board__drawing" viewBox="0 0 800 520" preserveAspectRatio="xMidYMid slice" aria-hidden="true" focusable="false">
      <rect width="800" height="520" className="map-land" />
      <g className="map-blocks">
        {Array.from({ length: 9 }, (_, row) =>
          Array.from({ length: 14 }, (_, col) => (
            <rect key={`${row}-${col}`} x={12 + col * 58} y={10 + row * 58} width="44" height="44" rx="6" />
          )),
        )}
      </g>
      <path className="map-park" d="M520 60c40-20 110-14 130 20s-6 80-60 86-100-10-104-44 4-46 34-62Z" />
      <path className="map-park" d="M96 150c30-26 92-18 104 14s-20 66-62 66-70-16-66-44 6-22 24-36Z" />
      <path className="map-park" d="M330 430c24-20 88-22 104 2s-10 54-56 56-70-34-48-58Z" />
      <path className="map-water" d="M0 372c58-8 104 14 132 50s34 68 64 98H0Z" />
      <ellipse className="map-water" cx="640" cy="396" rx="66" ry="36" />
      <path className="map-river" d="M820 96c-70 26-120 70-172 78s-104-30-168-2-92 96-150 128-120 20-168 62-70 58-86 70" />
      <g className="map-roads map-roads--main">
        <path d="M0 262c140-16 260 8 400-6s270-32 400-20" />
        <path d="M414 0c-10 120 8 220-6 300s-4 160 4 220" />
        <path d="M120 0c40 110 110 200 210 250s250 120 320 270" />
      </g>
      <g className="map-roads">
        <path d="M0 120h260c60 0 90 40 160 40h380" />
        <path d="M220 520c10-100-4-180 20-260S300 80 290 0" />
        <path d="M600 0c-20 90 10 150 0 230s30 170 60 290" />
        <path d="M0 440c120-20 220-60 330-70s260 6 470-30" />
      </g>
    </svg>
  );
}

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
 * /landers/maplanding: members near the visitor as photo pins on a drawn map. Near means
 * the visitor's region (their profile's, or their position's when they share it); until
 * it is known the page says so and shows the newest members, never "near you".
 */
export function MapLander() {
  const { t, i18n } = useTranslation('landers');
  const countries = useSettings((s) => s.settings?.countries) ?? NO_COUNTRIES;
  const fictional = useSettings((s) => s.settings?.fictional_singular) || t('fictional.label', { ns: 'discovery' });
  const lander = useLander('maplanding', { memberCount: 10 });
  const { retry, signup } = lander;
  const { place, finding, ask } = useNearPlace(countries);
  const { near, label } = useMembersNear(place, 10);
  const known = place !== null && near !== null && near.length > 0;
  const members = known ? near : lander.members;
  const status = place !== null && near === null && lander.status === 'ready' ? 'loading' : lander.status;
  const [selectedId, setSelectedId] = useState<number | null>(null);
  usePageTitle(t('map.title'));
  const pins = placePins(members);
  const selected = members.find((member) => member.id === selectedId) ?? null;

  return (
    <div className="lander lander--map" data-testid="lander-maplanding">
      <section className="map-hero" aria-labelledby="map-title">
        <div className="container">
          <div className="row align-items-center g-4 g-lg-5">
            <div className="col-lg-5">
              {known && (
                <p className="lander-eyebrow map-hero__eyebrow">
                  <Icon name="mapPin" size={16} /> {t('map.eyebrow')}
                </p>
              )}
              <h1 id="map-title" className="map-hero__title">
                {t('map.title')}
              </h1>
              <p className="map-hero__lead" data-testid="map-lead">
                {known
                  ? t('map.leadNear', { place: label })
                  : place && near !== null
                    ? t('map.noneNear', { place: label })
                    : t('map.leadUnknown')}
              </p>
              {!place && (
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
              )}
              <SignupCta onClick={signup} className="lander-cta--lg">
                {t('map.cta')}
              </SignupCta>
              <TrustChips className="mt-3" />
            </div>
            <div className="col-lg-7">
              <div className="map-board" role="group" aria-label={t(known ? 'map.mapLabel' : 'map.mapLabelAll')} data-testid="map-board" data-near={known ? 'yes' : 'no'}>
                <MapDrawing />
                {known && (
                  <>
                    <div className="map-board__radius" aria-hidden="true" style={{ left: `${MAP_YOU[0]}%`, top: `${MAP_YOU[1]}%` }} />
                    <div className="map-board__you" style={{ left: `${MAP_YOU[0]}%`, top: `${MAP_YOU[1]}%` }}>
                      <span className="visually-hidden">{t('map.you')}</span>
                    </div>
                  </>
                )}
                {pins.map(({ member, x, y }, index) => {
                  const place = memberPlace(member, i18n.language);
                  const active = member.id === selectedId;
                  return (
                    <button
                      key={member.id}
                      type="button"
                      className={`map-pin${active ? ' is-active' : ''}`}
                      style={{ left: `${x}%`, top: `${y}%`, '--pin-delay': `${index * 70}ms` } as CSSProperties}
                      aria-pressed={active}
                      aria-label={t('map.pin', { name: member.name, age: member.age, place }) + (member.is_fictional ? ` (${fictional})` : '')}
                      onClick={() => setSelectedId(active ? null : member.id)}
                      data-testid="map-pin"
                    >
                      <MemberPhoto member={member} alt="" className="map-pin__photo" />
                      {member.is_fictional && <FictionalBadge className="map-pin__badge" />}
                    </button>
                  );
                })}
                {status !== 'ready' || members.length === 0 ? (
                  <div className="map-board__status">
                    <LanderStatus status={status} count={members.length} retry={retry} signup={signup} />
                  </div>
                ) : null}
                {selected && (
                  <div className="map-card" data-testid="map-card">
                    <MemberTile member={selected} size="sm" bare className="lander-tile--round map-card__photo" />
                    <div className="map-card__body">
                      <p className="map-card__name">
                        {selected.name}, {selected.age}
                      </p>
                      <p className="map-card__place">
                        <Icon name="mapPin" size={14} /> {memberPlace(selected, i18n.language)}
                      </p>
                      <SignupCta onClick={signup} testId="map-card-cta" icon="chat" className="map-card__cta">
                        {t('common.chatWith', { name: selected.name })}
                      </SignupCta>
                    </div>
                    <button type="button" className="btn-close map-card__close" aria-label={t('map.close')} onClick={() => setSelectedId(null)} />
                  </div>
                )}
              </div>
            </div>
          </div>
        </div>
      </section>

      {status === 'ready' && members.length > 0 && (
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
      )}

      <FinalCta
        className="lander-final--map"
        title={t('map.bottomTitle')}
        text={t('map.bottomText')}
        cta={t('map.bottomCta')}
        onSignup={signup}
      />
    </div>
  );
}
