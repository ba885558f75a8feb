/**
 * Pointer gestures with explicit event times (issue 18): a drag's speed is what the
 * events say, not how fast the machine fires them. The gesture code reads
 * event.timeStamp, so a slow drag stays slow on a loaded machine and a flick stays quick.
 */
import { createEvent, fireEvent } from '@testing-library/react';

type PointerKind = 'pointerDown' | 'pointerMove' | 'pointerUp';

/** Fires one pointer event at `time` ms (React ignores a zero timeStamp, so times start at 1). */
export function firePointer(target: Element, kind: PointerKind, init: PointerEventInit, time: number): void {
  const event = createEvent[kind](target, { pointerId: 1, button: 0, pointerType: 'mouse', ...init });
  Object.defineProperty(event, 'timeStamp', { value: time });
  fireEvent(target, event);
}

export interface Drag {
  /** Where the pointer goes down. */
  from: { x: number; y: number };
  /** How far it moves, in px. */
  dx: number;
  dy?: number;
  /** How long the whole drag takes, in ms. */
  ms: number;
  /** Moves between down and up (evenly spread in space and time). */
  steps?: number;
}

/** Down, `steps` moves and up, evenly spread over `ms` from t = 1000. */
export function drag(target: Element, { from, dx, dy = 0, ms, steps = 2 }: Drag): void {
  const start = 1000;
  firePointer(target, 'pointerDown', { clientX: from.x, clientY: from.y }, start);
  for (let step = 1; step <= steps; step++) {
    const share = step / steps;
    firePointer(target, 'pointerMove', { clientX: from.x + dx * share, clientY: from.y + dy * share }, start + ms * share);
  }
  firePointer(target, 'pointerUp', { clientX: from.x + dx, clientY: from.y + dy }, start + ms);
}
