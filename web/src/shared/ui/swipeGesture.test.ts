import { describe, expect, it } from 'vitest';
import { FLICK_SPEED, dragLook, releaseVelocity, swipeDecision, swipeThreshold } from './swipeGesture';

describe('swipe gesture', () => {
  it('counts a drag as a swipe from 30% of the card width, at most 120 px', () => {
    expect(swipeThreshold(300)).toBe(90);
    expect(swipeThreshold(1000)).toBe(120);
    expect(swipeDecision(89, 300)).toBeNull();
    expect(swipeDecision(90, 300)).toBe('like');
    expect(swipeDecision(-95, 300)).toBe('pass');
    expect(swipeDecision(-30, 300)).toBeNull();
  });

  it('takes a quick flick as a swipe, but not a flick back against the drag', () => {
    expect(swipeDecision(50, 300, { velocity: FLICK_SPEED })).toBe('like');
    expect(swipeDecision(-50, 300, { velocity: -1 })).toBe('pass');
    expect(swipeDecision(50, 300, { velocity: -1 })).toBeNull();
    expect(swipeDecision(20, 300, { velocity: 2 })).toBeNull(); // too short to be meant
  });

  it('snaps a like back when no likes are left, passes still go', () => {
    expect(swipeDecision(200, 300, { canLike: false })).toBeNull();
    expect(swipeDecision(-200, 300, { canLike: false })).toBe('pass');
  });

  it('tilts the card and fades the stamp in up to the threshold', () => {
    expect(dragLook(0, 300)).toEqual({ rotate: 0, like: 0, nope: 0 });
    expect(dragLook(45, 300)).toEqual({ rotate: 6, like: 0.5, nope: 0 });
    expect(dragLook(-400, 300)).toEqual({ rotate: -12, like: 0, nope: 1 });
  });

  it('measures the speed over the last 100 ms only', () => {
    expect(releaseVelocity([{ x: 0, t: 0 }])).toBe(0);
    expect(releaseVelocity([{ x: 0, t: 0 }, { x: 10, t: 500 }, { x: 110, t: 600 }])).toBe(1);
  });
});
