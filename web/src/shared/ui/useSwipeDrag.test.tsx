import { act, renderHook } from '@testing-library/react';
import type { MouseEvent, PointerEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useSwipeDrag } from './useSwipeDrag';

const WIDTH = 300; // threshold: min(120, 300 * 0.3) = 90 px

function pointer(clientX: number, clientY = 0, timeStamp = 0, extra: Record<string, unknown> = {}) {
  return {
    pointerId: 1,
    pointerType: 'touch',
    button: 0,
    clientX,
    clientY,
    timeStamp,
    currentTarget: { offsetWidth: WIDTH },
    ...extra,
  } as unknown as PointerEvent<HTMLDivElement>;
}

function setup(canLike?: boolean) {
  const onSwipe = vi.fn();
  const capture = vi.fn();
  const hook = renderHook(() => useSwipeDrag({ onSwipe, canLike }));
  (hook.result.current.ref as { current: unknown }).current = { setPointerCapture: capture };
  const h = () => hook.result.current.handlers;
  return { hook, onSwipe, capture, h };
}

describe('useSwipeDrag', () => {
  it('treats a move under DRAG_START_PX as a tap: no offset, no capture, no swipe', () => {
    const { hook, onSwipe, capture, h } = setup();
    act(() => h().onPointerDown(pointer(100, 100, 0)));
    act(() => h().onPointerMove(pointer(103, 103, 16)));
    expect(hook.result.current.offset).toBeNull();
    expect(capture).not.toHaveBeenCalled();
    act(() => h().onPointerUp(pointer(103, 103, 32)));
    expect(onSwipe).not.toHaveBeenCalled();
  });

  it('follows the pointer once past the threshold and captures it', () => {
    const { hook, capture, h } = setup();
    act(() => h().onPointerDown(pointer(100, 100, 0)));
    act(() => h().onPointerMove(pointer(145, 110, 200)));
    expect(hook.result.current.offset).toEqual({ dx: 45, dy: 10, rotate: 6, like: 0.5, nope: 0 });
    expect(capture).toHaveBeenCalledWith(1);
  });

  it('ignores other pointers and right mouse buttons', () => {
    const { hook, h } = setup();
    act(() => h().onPointerDown(pointer(100, 0, 0, { pointerType: 'mouse', button: 2 })));
    act(() => h().onPointerMove(pointer(200, 0, 100)));
    expect(hook.result.current.offset).toBeNull();
    act(() => h().onPointerDown(pointer(100, 0, 0)));
    act(() => h().onPointerMove(pointer(200, 0, 100, { pointerId: 2 })));
    expect(hook.result.current.offset).toBeNull();
  });

  it('swipes right past the threshold as a like, from where it was let go', () => {
    const { hook, onSwipe, h } = setup();
    act(() => h().onPointerDown(pointer(0, 0, 0)));
    act(() => h().onPointerMove(pointer(60, 5, 500)));
    act(() => h().onPointerMove(pointer(100, 8, 1000)));
    act(() => h().onPointerUp(pointer(100, 8, 1000)));
    expect(onSwipe).toHaveBeenCalledWith('like', { dx: 100, dy: 8, rotate: 12, like: 1, nope: 0 });
    expect(hook.result.current.offset).toBeNull();
  });

  it('swipes left as a pass and snaps back a short slow drag', () => {
    const { onSwipe, h } = setup();
    act(() => h().onPointerDown(pointer(200, 0, 0)));
    act(() => h().onPointerMove(pointer(100, 0, 1000)));
    act(() => h().onPointerUp(pointer(100, 0, 1000)));
    expect(onSwipe).toHaveBeenLastCalledWith('pass', expect.objectContaining({ dx: -100 }));
    act(() => h().onPointerDown(pointer(200, 0, 2000)));
    act(() => h().onPointerMove(pointer(230, 0, 3000)));
    act(() => h().onPointerUp(pointer(230, 0, 3000)));
    expect(onSwipe).toHaveBeenCalledTimes(1);
  });

  it('counts a quick flick as a swipe', () => {
    const { onSwipe, h } = setup();
    act(() => h().onPointerDown(pointer(0, 0, 0)));
    act(() => h().onPointerMove(pointer(20, 0, 20)));
    act(() => h().onPointerMove(pointer(50, 0, 50)));
    act(() => h().onPointerUp(pointer(50, 0, 50)));
    expect(onSwipe).toHaveBeenCalledWith('like', expect.objectContaining({ dx: 50 }));
  });

  it('snaps a like back while no likes are left, but passes still count', () => {
    const { onSwipe, h } = setup(false);
    act(() => h().onPointerDown(pointer(0, 0, 0)));
    act(() => h().onPointerMove(pointer(150, 0, 1000)));
    act(() => h().onPointerUp(pointer(150, 0, 1000)));
    expect(onSwipe).not.toHaveBeenCalled();
    act(() => h().onPointerDown(pointer(0, 0, 2000)));
    act(() => h().onPointerMove(pointer(-150, 0, 3000)));
    act(() => h().onPointerUp(pointer(-150, 0, 3000)));
    expect(onSwipe).toHaveBeenCalledWith('pass', expect.objectContaining({ dx: -150 }));
  });

  it('drops the drag on cancel', () => {
    const { hook, onSwipe, h } = setup();
    act(() => h().onPointerDown(pointer(0, 0, 0)));
    act(() => h().onPointerMove(pointer(150, 0, 1000)));
    act(() => h().onPointerCancel());
    expect(hook.result.current.offset).toBeNull();
    act(() => h().onPointerUp(pointer(150, 0, 1000)));
    expect(onSwipe).not.toHaveBeenCalled();
  });

  it('swallows the click that ends a drag, but not a tap', () => {
    const { hook, h } = setup();
    const click = () => ({ preventDefault: vi.fn(), stopPropagation: vi.fn() }) as unknown as MouseEvent<HTMLDivElement>;
    act(() => h().onPointerDown(pointer(0, 0, 0)));
    act(() => h().onPointerUp(pointer(2, 0, 50)));
    const tap = click();
    hook.result.current.swallowClickAfterDrag(tap);
    expect(tap.preventDefault).not.toHaveBeenCalled();
    act(() => h().onPointerDown(pointer(0, 0, 100)));
    act(() => h().onPointerMove(pointer(40, 0, 600)));
    act(() => h().onPointerUp(pointer(40, 0, 600)));
    const afterDrag = click();
    hook.result.current.swallowClickAfterDrag(afterDrag);
    expect(afterDrag.preventDefault).toHaveBeenCalled();
    expect(afterDrag.stopPropagation).toHaveBeenCalled();
  });
});
