/**
 * Dragging a swipe card with the finger or mouse, shared by the swipe game and the
 * tinderswipe lander so both feel the same: the card follows the pointer once it moved
 * past DRAG_START_PX, and on release the swipe rules (swipeGesture) say whether it was
 * swiped or snaps back.
 */
import { type MouseEvent, type PointerEvent, useRef, useState } from 'react';
import { DRAG_START_PX, type SwipeDirection, dragLook, releaseVelocity, swipeDecision } from './swipeGesture';

/** Where the dragged card is relative to its rest place, its tilt and its stamps. */
export interface DragOffset {
  dx: number;
  dy: number;
  rotate: number;
  like: number;
  nope: number;
}

interface Drag {
  pointerId: number;
  x0: number;
  y0: number;
  samples: { x: number; t: number }[];
  active: boolean;
  width: number;
}

export interface SwipeDragOptions {
  /** Called for a release past the threshold, with where the card was let go. */
  onSwipe: (direction: SwipeDirection, from: DragOffset) => void;
  /** False while no likes are left: a like swipe then snaps back (passes still count). */
  canLike?: boolean;
}

export function useSwipeDrag({ onSwipe, canLike = true }: SwipeDragOptions) {
  const ref = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);
  const dragged = useRef(false);
  const [offset, setOffset] = useState<DragOffset | null>(null);

  const down = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    dragged.current = false;
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
      // Capture only once it is a drag, so a tap on a link or button on the card stays a click.
      current.active = true;
      dragged.current = true;
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
    const from = { dx, dy: event.clientY - current.y0, ...dragLook(dx, current.width) };
    const direction = swipeDecision(dx, current.width, { velocity: releaseVelocity(current.samples), canLike });
    setOffset(null);
    if (direction) onSwipe(direction, from);
  };
  const cancel = () => {
    drag.current = null;
    setOffset(null);
  };
  /** For onClickCapture: the click that ends a drag is no click on what lies under the pointer. */
  const swallowClickAfterDrag = (event: MouseEvent<HTMLDivElement>) => {
    if (!dragged.current) return;
    event.preventDefault();
    event.stopPropagation();
    dragged.current = false;
  };
  return {
    ref,
    offset,
    handlers: { onPointerDown: down, onPointerMove: move, onPointerUp: up, onPointerCancel: cancel },
    swallowClickAfterDrag,
  };
}
