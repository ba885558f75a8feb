import { type CSSProperties, type PointerEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FictionalBadge } from '../../../shared/members';
import { DRAG_START_PX, type SwipeDirection, dragLook, releaseVelocity, swipeDecision } from '../../../shared/ui/swipeGesture';
import { Icon } from '../../../shared/ui/icons';
import { usePageTitle } from '../../../shared/title';
import type { LanderMember } from '../landerApi';
import { FictionalNote, TrustChips } from '../LanderParts';
import { LanderStatus } from '../LanderStatus';
import { MemberPhoto, memberPlace } from '../MemberTile';
import { useReducedMotion } from '../motion';
import { SignupCta } from '../SignupCta';
import { useLander } from '../useLander';

/** After this many swipes the signup call to action takes the stack's place. */
export const SWIPES_BEFORE_SIGNUP = 3;
const FLIGHT_MS = 320;

interface Drag {
  pointerId: number;
  x0: number;
  y0: number;
  samples: { x: number; t: number }[];
  active: boolean;
  width: number;
}
interface Offset {
  dx: number;
  dy: number;
  rotate: number;
  like: number;
  nope: number;
}
interface Flight {
  key: number;
  member: LanderMember;
  direction: SwipeDirection;
  from: Offset;
}

function PassIcon() {
  return (
    <svg width="26" height="26" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="m6.4 5 5.6 5.6L17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6l5.6-5.6L5 6.4 6.4 5Z" fill="currentColor" />
    </svg>
  );
}

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

  const style: CSSProperties | undefined = offset
    ? { transform: `translate(${offset.dx}px, ${offset.dy}px) rotate(${offset.rotate}deg)`, transition: 'none' }
    : undefined;
  return (
    <div
      ref={ref}
      className={`tswipe-card is-top${offset ? ' is-dragging' : ''}`}
      style={style}
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={cancel}
      role="group"
      aria-label={`${member.name}, ${member.age}`}
      data-testid="tswipe-card"
      data-member-id={member.id}
    >
      <CardFace member={member} look={offset ?? { like: 0, nope: 0 }} />
    </div>
  );
}

/** Arrow keys swipe while the stack is shown, unless the visitor types somewhere or a dialog is open. */
function useArrowKeys(enabled: boolean, onKey: (direction: SwipeDirection) => void) {
  const latest = useRef(onKey);
  useEffect(() => {
    latest.current = onKey;
  });
  useEffect(() => {
    if (!enabled) return;
    const handle = (event: KeyboardEvent) => {
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || event.defaultPrevented) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest('input, select, textarea, [contenteditable="true"], [role="dialog"]')) return;
      if (document.body.classList.contains('modal-open')) return;
      event.preventDefault();
      latest.current(event.key === 'ArrowRight' ? 'like' : 'pass');
    };
    window.addEventListener('keydown', handle);
    return () => window.removeEventListener('keydown', handle);
  }, [enabled]);
}

/** /landers/tinderswipe: a stack of members to like or pass; after three swipes, the signup. */
export function TinderSwipeLander() {
  const { t } = useTranslation('landers');
  const { members, status, retry, signup } = useLander('tinderswipe', { memberCount: 12 });
  const reducedMotion = useReducedMotion();
  const [done, setDone] = useState(0);
  const [said, setSaid] = useState('');
  const [flights, setFlights] = useState<Flight[]>([]);
  const flightKey = useRef(0);
  const gateCta = useRef<HTMLDivElement>(null);
  usePageTitle(t('tinderswipe.title'));

  const ready = status === 'ready' && members.length > 0;
  const gate = ready && (done >= SWIPES_BEFORE_SIGNUP || done >= members.length);
  const top = ready && !gate ? members[done] : undefined;
  const under = ready && !gate ? members.slice(done + 1, done + 3) : [];

  const decide = useCallback(
    (direction: SwipeDirection, from: Offset = { dx: 0, dy: 0, rotate: 0, like: 0, nope: 0 }) => {
      if (!top) return;
      setDone((n) => n + 1);
      setSaid(t(direction === 'like' ? 'tinderswipe.liked' : 'tinderswipe.passed', { name: top.name }));
      if (reducedMotion) return;
      const key = ++flightKey.current;
      setFlights((current) => [...current.slice(-2), { key, member: top, direction, from }]);
      window.setTimeout(() => setFlights((current) => current.filter((f) => f.key !== key)), FLIGHT_MS + 150);
    },
    [top, t, reducedMotion],
  );
  useArrowKeys(Boolean(top), decide);

  // When the call to action replaces the stack after a swipe, focus moves to it (the
  // swipe buttons are gone with the stack).
  const gateShown = useRef(false);
  useEffect(() => {
    if (gate && done > 0 && !gateShown.current) {
      gateShown.current = true;
      gateCta.current?.querySelector('button')?.focus({ preventScroll: true });
    }
  }, [gate, done]);

  const teaser = members.slice(done, done + 3).length > 0 ? members.slice(done, done + 3) : members.slice(0, 3);

  return (
    <div className="lander lander--tinder" data-testid="lander-tinderswipe">
      <section className="tswipe-hero" aria-labelledby="tswipe-title">
        <div className="container">
          <div className="row align-items-center g-4 g-lg-5">
            <div className="col-lg-5">
              <p className="lander-eyebrow tswipe-hero__eyebrow">
                <Icon name="sparkle" size={16} /> {t('tinderswipe.eyebrow')}
              </p>
              <h1 id="tswipe-title" className="tswipe-hero__title">
                {t('tinderswipe.title')}
              </h1>
              <p className="tswipe-hero__lead">{t('tinderswipe.lead')}</p>
              <SignupCta onClick={signup} className="lander-cta--outline">
                {t('common.signupFree')}
              </SignupCta>
              <p className="tswipe-hero__hint d-none d-lg-block">{t('tinderswipe.hint')}</p>
            </div>
            <div className="col-lg-7">
              <div className="tswipe-play">
                {!ready && <LanderStatus status={status} count={members.length} retry={retry} signup={signup} />}
                {ready && !gate && top && (
                  <>
                    <div className="tswipe-stack" role="group" aria-label={t('tinderswipe.stackLabel')}>
                      {under
                        .map((member, depth) => (
                          <div key={member.id} className="tswipe-card is-under" style={{ '--depth': depth + 1 } as CSSProperties} aria-hidden="true">
                            <CardFace member={member} look={{ like: 0, nope: 0 }} />
                          </div>
                        ))
                        .reverse()}
                      <TopCard key={top.id} member={top} onSwipe={decide} />
                      {flights.map((flight) => (
                        <div
                          key={flight.key}
                          className={`tswipe-card is-flying is-flying--${flight.direction}`}
                          style={{ '--from-x': `${flight.from.dx}px`, '--from-y': `${flight.from.dy}px`, '--from-rotate': `${flight.from.rotate}deg` } as CSSProperties}
                          aria-hidden="true"
                        >
                          <CardFace member={flight.member} look={flight.direction === 'like' ? { like: 1, nope: 0 } : { like: 0, nope: 1 }} />
                        </div>
                      ))}
                    </div>
                    <div className="tswipe-controls">
                      <button type="button" className="tswipe-button tswipe-button--pass" onClick={() => decide('pass')} aria-label={t('tinderswipe.passName', { name: top.name })} data-testid="tswipe-pass">
                        <PassIcon />
                      </button>
                      <p className="tswipe-progress">
                        <span className="tswipe-progress__dots" aria-hidden="true">
                          {Array.from({ length: SWIPES_BEFORE_SIGNUP }, (_, index) => (
                            <span key={index} className={index < done ? 'is-done' : ''} />
                          ))}
                        </span>
                        {t('tinderswipe.progress', { done, goal: SWIPES_BEFORE_SIGNUP })}
                      </p>
                      <button type="button" className="tswipe-button tswipe-button--like" onClick={() => decide('like')} aria-label={t('tinderswipe.likeName', { name: top.name })} data-testid="tswipe-like">
                        <Icon name="heart" size={28} />
                      </button>
                    </div>
                    <p className="tswipe-hint d-lg-none">{t('tinderswipe.hint')}</p>
                  </>
                )}
                {gate && (
                  <div className="tswipe-gate" ref={gateCta} data-testid="tswipe-gate">
                    <div className="tswipe-gate__faces" aria-hidden="true">
                      {teaser.map((member) => (
                        <MemberPhoto key={member.id} member={member} size="md" alt="" className="tswipe-gate__face" />
                      ))}
                      <span className="tswipe-gate__heart">
                        <Icon name="heart" size={26} />
                      </span>
                    </div>
                    <h2 className="tswipe-gate__title">{t('tinderswipe.gateTitle')}</h2>
                    <p className="tswipe-gate__text">{t('tinderswipe.gateText')}</p>
                    <SignupCta onClick={signup} testId="tswipe-gate-cta" className="lander-cta--lg lander-cta--block">
                      {t('tinderswipe.gateCta')}
                    </SignupCta>
                    {done >= members.length && <p className="tswipe-gate__done">{t('tinderswipe.done')}</p>}
                  </div>
                )}
                <p className="visually-hidden" aria-live="polite" data-testid="tswipe-said">
                  {said}
                </p>
              </div>
            </div>
          </div>
        </div>
      </section>

      <section className="lander-section tswipe-more" aria-labelledby="tswipe-more-title">
        <div className="container">
          <div className="tswipe-more__panel">
            <span className="tswipe-more__icon" aria-hidden="true">
              <Icon name="chat" size={28} />
            </span>
            <div>
              <h2 id="tswipe-more-title" className="tswipe-more__title">
                {t('tinderswipe.bottomTitle')}
              </h2>
              <p className="tswipe-more__text">{t('tinderswipe.bottomText')}</p>
              <TrustChips />
            </div>
            <SignupCta onClick={signup} testId="lander-cta-bottom" className="lander-cta--lg tswipe-more__cta">
              {t('common.signupFree')}
            </SignupCta>
          </div>
          <FictionalNote members={members} />
        </div>
      </section>
    </div>
  );
}
