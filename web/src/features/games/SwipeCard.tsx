import './games.scss';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../shared/routing/AppLink';
import { Icon } from '../../shared/ui/icons';
import type { GameCard } from './gamesApi';
import { FictionalTag, GamePhoto, InterestChips, usePlace } from './gameUi';
import type { SwipeDirection } from '../../shared/ui/swipeGesture';
import { useSwipeDrag } from '../../shared/ui/useSwipeDrag';

/** Where a card is relative to its rest place, and its tilt in degrees. */
export interface Offset {
  dx: number;
  dy: number;
  rotate: number;
}

export const AT_REST: Offset = { dx: 0, dy: 0, rotate: 0 };

/** The face of a card: photo, name, age, place and a few interests. */
function CardFace({ card, look, interactive }: { card: GameCard; look: { like: number; nope: number }; interactive: boolean }) {
  const { t } = useTranslation('games');
  const place = usePlace(card);
  return (
    <>
      <div className="swipe-card__photo">
        <GamePhoto card={card} size="full" />
      </div>
      {card.is_fictional && <FictionalTag className="swipe-card__badge" />}
      <span className="swipe-card__stamp swipe-card__stamp--like" style={{ opacity: look.like }} aria-hidden="true">
        {t('swipe.stampLike')}
      </span>
      <span className="swipe-card__stamp swipe-card__stamp--nope" style={{ opacity: look.nope }} aria-hidden="true">
        {t('swipe.stampNope')}
      </span>
      <div className="swipe-card__info">
        <h2 className="swipe-card__name">
          <span className="swipe-card__first">{card.name}</span>
          <span className="swipe-card__age">, {card.age}</span>
        </h2>
        {place && (
          <p className="swipe-card__place">
            <Icon name="mapPin" size={15} />
            <span>{place}</span>
          </p>
        )}
        <InterestChips interests={card.interests} max={3} />
        {interactive && (
          <AppLink to="members-id" params={{ id: card.id }} className="swipe-card__profile" aria-label={t('card.viewProfileOf', { name: card.name })}>
            <Icon name="info" size={22} />
          </AppLink>
        )}
      </div>
    </>
  );
}

/**
 * The top card: it follows the finger or mouse, tilts and shows a stamp; released past
 * the threshold it is swiped, below it snaps back. Vertical moves on touch screens are
 * left to the page scroll (touch-action: pan-y).
 */
export function SwipeCard({ card, canLike, onSwipe }: { card: GameCard; canLike: boolean; onSwipe: (direction: SwipeDirection, from: Offset) => void }) {
  // The flying card takes only the place and tilt (its stamps are the decision's); a drag
  // that ends on the profile link must not open it, hence swallowClickAfterDrag.
  const { ref, offset, handlers, swallowClickAfterDrag } = useSwipeDrag({
    canLike,
    onSwipe: (direction, { dx, dy, rotate }) => onSwipe(direction, { dx, dy, rotate }),
  });

  const style: CSSProperties | undefined = offset
    ? { transform: `translate(${offset.dx}px, ${offset.dy}px) rotate(${offset.rotate}deg)`, transition: 'none' }
    : undefined;

  return (
    <div
      ref={ref}
      className={`swipe-card is-top${offset ? ' is-dragging' : ''}`}
      style={style}
      {...handlers}
      onClickCapture={swallowClickAfterDrag}
      role="group"
      aria-label={`${card.name}, ${card.age}`}
      data-testid="swipe-card"
      data-member-id={card.id}
    >
      <CardFace card={card} look={offset ?? { like: 0, nope: 0 }} interactive />
    </div>
  );
}

/** A card under the top one, slightly smaller: the stack. */
export function StackedCard({ card, depth }: { card: GameCard; depth: number }) {
  return (
    <div className="swipe-card is-under" style={{ '--depth': depth } as CSSProperties} aria-hidden="true">
      <CardFace card={card} look={{ like: 0, nope: 0 }} interactive={false} />
    </div>
  );
}

/** A swiped card flying off from where it was let go (skipped for reduced motion). */
export function FlyingCard({ card, direction, from, onGone }: { card: GameCard; direction: SwipeDirection; from: Offset; onGone: () => void }) {
  const style = {
    '--from-x': `${from.dx}px`,
    '--from-y': `${from.dy}px`,
    '--from-rotate': `${from.rotate}deg`,
  } as CSSProperties;
  const look = direction === 'like' ? { like: 1, nope: 0 } : { like: 0, nope: 1 };
  return (
    <div className={`swipe-card is-flying is-flying--${direction}`} style={style} onAnimationEnd={onGone} aria-hidden="true">
      <CardFace card={card} look={look} interactive={false} />
    </div>
  );
}
