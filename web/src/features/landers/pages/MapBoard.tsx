import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { FictionalBadge } from '../../../shared/members';
import { Icon } from '../../../shared/ui/icons';
import { useSettings } from '../../../shared/site';
import type { LanderMember } from '../landerApi';
import { LanderStatus } from '../LanderStatus';
import { MemberPhoto, MemberTile, memberPlace } from '../MemberTile';
import { SignupCta } from '../SignupCta';
import type { Lander } from '../useLander';

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

const at = ([x, y]: readonly [number, number]) => ({ left: `${x}%`, top: `${y}%` });

/** The visitor's spot and the radius around it, once their region is known. */
function YouAreHere() {
  const { t } = useTranslation('landers');
  return (
    <>
      <div className="map-board__radius" aria-hidden="true" style={at(MAP_YOU)} />
      <div className="map-board__you" style={at(MAP_YOU)}>
        <span className="visually-hidden">{t('map.you')}</span>
      </div>
    </>
  );
}

interface MapPinProps {
  pin: Pin;
  index: number;
  active: boolean;
  onToggle: () => void;
}

/** One member's photo pin; pressing it opens (or closes) their card. */
function MapPin({ pin: { member, x, y }, index, active, onToggle }: MapPinProps) {
  const { t, i18n } = useTranslation('landers');
  const fictional = useSettings((s) => s.settings?.fictional_singular) || t('fictional.label', { ns: 'discovery' });
  const place = memberPlace(member, i18n.language);
  return (
    <button
      type="button"
      className={`map-pin${active ? ' is-active' : ''}`}
      style={{ left: `${x}%`, top: `${y}%`, '--pin-delay': `${index * 70}ms` } as CSSProperties}
      aria-pressed={active}
      aria-label={t('map.pin', { name: member.name, age: member.age, place }) + (member.is_fictional ? ` (${fictional})` : '')}
      onClick={onToggle}
      data-testid="map-pin"
    >
      <MemberPhoto member={member} alt="" className="map-pin__photo" />
      {member.is_fictional && <FictionalBadge className="map-pin__badge" />}
    </button>
  );
}

/** The chosen member's card over the map: photo, name, place and a chat call to action. */
function MapCard({ member, signup, onClose }: { member: LanderMember; signup: () => void; onClose: () => void }) {
  const { t, i18n } = useTranslation('landers');
  return (
    <div className="map-card" data-testid="map-card">
      <MemberTile member={member} size="sm" bare className="lander-tile--round map-card__photo" />
      <div className="map-card__body">
        <p className="map-card__name">
          {member.name}, {member.age}
        </p>
        <p className="map-card__place">
          <Icon name="mapPin" size={14} /> {memberPlace(member, i18n.language)}
        </p>
        <SignupCta onClick={signup} testId="map-card-cta" icon="chat" className="map-card__cta">
          {t('common.chatWith', { name: member.name })}
        </SignupCta>
      </div>
      <button type="button" className="btn-close map-card__close" aria-label={t('map.close')} onClick={onClose} />
    </div>
  );
}

export interface MapBoardProps {
  members: readonly LanderMember[];
  /** Whether the members are near the visitor (then the map shows "you are here"). */
  known: boolean;
  status: Lander['status'];
  retry: () => void;
  signup: () => void;
  selectedId: number | null;
  onSelect: (id: number | null) => void;
}

/** The drawn map with the members' pins, their loading state and the chosen member's card. */
export function MapBoard({ members, known, status, retry, signup, selectedId, onSelect }: MapBoardProps) {
  const { t } = useTranslation('landers');
  const selected = members.find((member) => member.id === selectedId) ?? null;
  return (
    <div className="map-board" role="group" aria-label={t(known ? 'map.mapLabel' : 'map.mapLabelAll')} data-testid="map-board" data-near={known ? 'yes' : 'no'}>
      <MapDrawing />
      {known && <YouAreHere />}
      {placePins(members).map((pin, index) => {
        const active = pin.member.id === selectedId;
        return <MapPin key={pin.member.id} pin={pin} index={index} active={active} onToggle={() => onSelect(active ? null : pin.member.id)} />;
      })}
      {status !== 'ready' || members.length === 0 ? (
        <div className="map-board__status">
          <LanderStatus status={status} count={members.length} retry={retry} signup={signup} />
        </div>
      ) : null}
      {selected && <MapCard member={selected} signup={signup} onClose={() => onSelect(null)} />}
    </div>
  );
}
