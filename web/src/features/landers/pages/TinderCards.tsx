/** The tinderswipe lander's cards: their face, the top card that follows the pointer, the stack with the cards flying off. */
import { type CSSProperties, type PointerEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FictionalBadge } from '../../../shared/members';
import { DRAG_START_PX, type SwipeDirection, dragLook, releaseVelocity, swipeDecision } from '../../../shared/ui/swipeGesture';
import { Icon } from '../../../shared/ui/icons';
import type { LanderMember } from '../landerApi';
import { MemberPhoto, memberPlace } from '../MemberTile';

export interface Offset {
  dx: number;
  dy: number;
  rotate: number;
  like: number;
  nope: number;
}
export interface Flight {
  key: number;
  member: LanderMember;
  direction: SwipeDirection;
  from: Offset;
}
interface Drag {
  pointerId: number;
  x0: number;
  y0: number;
  samples: { x: number; t: number }[];
  active: boolean;
  width: number;
}

const RESTING = { like: 0, nope: 0 };

/** The face of a card: the photo, name, age, place and the LIKE / NOPE stamps. */
function CardFace({ member, look }: { member: LanderMember; look: { like: number; nope: number } }) {
  const { t, i18n } = useTranslation('landers');
  const place = memberPlace(member, i18n.language);
  return (
    <>
      <MemberPhoto member={member} size="lg" className="tswipe-card__photo" />
      {member.is_fictional && <FictionalBadge className="tswipe-card__badge" />}
      <span className="tswipe-card__stamp tswipe-card__stamp--like" style={{ opacity: look.like }} aria-hidden="true">
        {t('tinderswipe.like')}
      </span>
      <span className="tswipe-card__stamp tswipe-card__stamp--nope" style={{ opacity: look.nope }} aria-hidden="true">
        {t('tinderswipe.pass')}
      </span>
      <div className="tswipe-card__info">
        <p className="tswipe-card__name">
          {member.name}
          <span className="tswipe-card__age">, {member.age}</span>
        </p>
        {place && (
          <p className="tswipe-card__place">
            <Icon name="mapPin" size={15} /> {place}
          </p>
        )}
      </div>
    </>
  );
}

/** Dragging a card: where it is while held, and on release past the threshold, the swipe. */
function useCardDrag(onSwipe: (direction: SwipeDirection, from: Offset) => void) {
  const ref = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);
  const [offset, setOffset] = useState<Offset | null>(null);

  const down = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    drag.current = {
      pointerId: event.pointerId,
      x0: event.clientX,
      y0: event.clientY,
      samples: [{ x: event.clientX, t: event.timeStamp }],
      active: false,
      width: event.currentTarget.offsetWidth,
    };
  };
  const move = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || event.pointerId !== current.pointerId) return;
    const dx = event.clientX - current.x0;
    const dy = event.clientY - current.y0;
    if (!current.active) {
      if (Math.hypot(dx, dy) < DRAG_START_PX) return;
      current.active = true;
      ref.current?.setPointerCapture?.(event.pointerId);
    }
    current.samples = [...current.samples.slice(-8), { x: event.clientX, t: event.timeStamp }];
    setOffset({ dx, dy, ...dragLook(dx, current.width) });
  };
  const up = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    drag.current = null;
    if (!current?.active || event.pointerId !== current.pointerId) return;
    const dx = event.clientX - current.x0;
    const look = dragLook(dx, current.width);
    const direction = swipeDecision(dx, current.width, { velocity: releaseVelocity(current.samples) });
    setOffset(null);
    if (direction) onSwipe(direction, { dx, dy: event.clientY - current.y0, ...look });
  };
  const cancel = () => {
    drag.current = null;
    setOffset(null);
  };
  return { ref, offset, handlers: { onPointerDown: down, onPointerMove: move, onPointerUp: up, onPointerCancel: cancel } };
}

/** The top card: it follows the finger or mouse, tilts, and is swiped past the threshold. */
function TopCard({ member, onSwipe }: { member: LanderMember; onSwipe: (direction: SwipeDirection, from: Offset) => void }) {
  const { ref, offset, handlers } = useCardDrag(onSwipe);
  const style: CSSProperties | undefined = offset
    ? { transform: `translate(${offset.dx}px, ${offset.dy}px) rotate(${offset.rotate}deg)`, transition: 'none' }
    : undefined;
  return (
    <div
      ref={ref}
      className={`tswipe-card is-top${offset ? ' is-dragging' : ''}`}
      style={style}
      {...handlers}
      role="group"
      aria-label={`${member.name}, ${member.age}`}
      data-testid="tswipe-card"
      data-member-id={member.id}
    >
      <CardFace member={member} look={offset ?? RESTING} />
    </div>
  );
}

/** A card on its way out, from where it was let go, stamped with the decision. */
function FlyingCard({ flight }: { flight: Flight }) {
  const from = { '--from-x': `${flight.from.dx}px`, '--from-y': `${flight.from.dy}px`, '--from-rotate': `${flight.from.rotate}deg` } as CSSProperties;
  return (
    <div className={`tswipe-card is-flying is-flying--${flight.direction}`} style={from} aria-hidden="true">
      <CardFace member={flight.member} look={flight.direction === 'like' ? { like: 1, nope: 0 } : { like: 0, nope: 1 }} />
    </div>
  );
}

/** The stack: the next two cards under the top one, and those flying off above it. */
export function SwipeStack({
  top,
  under,
  flights,
  onSwipe,
}: {
  top: LanderMember;
  under: readonly LanderMember[];
  flights: readonly Flight[];
  onSwipe: (direction: SwipeDirection, from: Offset) => void;
}) {
  const { t } = useTranslation('landers');
  return (
    <div className="tswipe-stack" role="group" aria-label={t('tinderswipe.stackLabel')}>
      {under
        .map((member, depth) => (
          <div key={member.id} className="tswipe-card is-under" style={{ '--depth': depth + 1 } as CSSProperties} aria-hidden="true">
            <CardFace member={member} look={RESTING} />
          </div>
        ))
        .reverse()}
      <TopCard key={top.id} member={top} onSwipe={onSwipe} />
      {flights.map((flight) => (
        <FlyingCard key={flight.key} flight={flight} />
      ))}
    </div>
  );
}
