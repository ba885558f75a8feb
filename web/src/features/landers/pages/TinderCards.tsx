/** The tinderswipe lander's cards: their face, the top card that follows the pointer, the stack with the cards flying off. */
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { FictionalBadge } from '../../../shared/members';
import type { SwipeDirection } from '../../../shared/ui/swipeGesture';
import { useSwipeDrag } from '../../../shared/ui/useSwipeDrag';
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

/** The top card: it follows the finger or mouse, tilts, and is swiped past the threshold. */
function TopCard({ member, onSwipe }: { member: LanderMember; onSwipe: (direction: SwipeDirection, from: Offset) => void }) {
  const { ref, offset, handlers } = useSwipeDrag({ onSwipe });
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
