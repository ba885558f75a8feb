/**
 * The swipe gesture as pure numbers, so the feel can be tested without a browser:
 * how far a card must travel (or how fast it must be flicked) to count as a swipe,
 * how much it tilts and how strongly the LIKE / NOPE stamps show on the way. The swipe
 * game and the tinderswipe lander feel the same: both use these rules.
 */

export type SwipeDirection = 'like' | 'pass';

/** A card counts as swiped past this share of its width... */
export const THRESHOLD_SHARE = 0.3;
/** ...but never needs more than this many pixels (wide desktop cards). */
export const THRESHOLD_MAX_PX = 120;
/** A quick flick counts from this speed (px per ms) once the card moved a little. */
export const FLICK_SPEED = 0.6;
export const FLICK_MIN_PX = 40;
/** The tilt at the threshold, in degrees; it grows no further. */
export const MAX_TILT_DEG = 12;
/** Movement below this is a tap, not a drag (so links and buttons on the card still work). */
export const DRAG_START_PX = 6;

export function swipeThreshold(width: number): number {
  return Math.min(THRESHOLD_MAX_PX, Math.max(1, width) * THRESHOLD_SHARE);
}

/**
 * Where a released card goes: the swipe it made, or null to snap back. A like swipe
 * while no likes are left snaps back too; passes stay possible.
 */
export function swipeDecision(
  dx: number,
  width: number,
  { velocity = 0, canLike = true }: { velocity?: number; canLike?: boolean } = {},
): SwipeDirection | null {
  const far = Math.abs(dx) >= swipeThreshold(width);
  const flicked = Math.abs(velocity) >= FLICK_SPEED && Math.abs(dx) >= FLICK_MIN_PX && Math.sign(velocity) === Math.sign(dx);
  if (!far && !flicked) return null;
  const direction: SwipeDirection = dx > 0 ? 'like' : 'pass';
  return direction === 'like' && !canLike ? null : direction;
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** How the dragged card looks: its tilt and how visible each stamp is (0 to 1). */
export function dragLook(dx: number, width: number): { rotate: number; like: number; nope: number } {
  const progress = clamp(dx / swipeThreshold(width), -1, 1);
  return {
    rotate: Math.round(progress * MAX_TILT_DEG * 10) / 10,
    like: Math.max(0, progress),
    nope: Math.max(0, -progress),
  };
}

/** The speed of the last stretch of a drag, px per ms (positive = to the right). */
export function releaseVelocity(samples: readonly { x: number; t: number }[]): number {
  if (samples.length < 2) return 0;
  const last = samples[samples.length - 1]!;
  // Only the last ~100 ms count: a slow drag that ends still is no flick.
  const first = samples.find((sample) => last.t - sample.t <= 100) ?? samples[0]!;
  const time = last.t - first.t;
  // Under ~one frame the numbers are noise, not speed.
  return time >= 8 ? (last.x - first.x) / time : 0;
}
