/**
 * A visible countdown in whole seconds (the partner redirect after deleting an
 * account, spec section 2): ticks once a second, calls onDone at zero, can be cancelled.
 */
import { useEffect, useRef, useState } from 'react';

export interface Countdown {
  cancel: () => void;
}

export function startCountdown(
  seconds: number,
  { onTick, onDone }: { onTick: (left: number) => void; onDone: () => void },
): Countdown {
  let left = Math.max(0, Math.floor(seconds));
  onTick(left);
  if (left === 0) {
    onDone();
    return { cancel: () => undefined };
  }
  const timer = setInterval(() => {
    left -= 1;
    onTick(left);
    if (left <= 0) {
      clearInterval(timer);
      onDone();
    }
  }, 1000);
  return { cancel: () => clearInterval(timer) };
}

/** The seconds left while `active`, null once cancelled; `onDone` runs at zero. */
export function useCountdown(seconds: number, active: boolean, onDone: () => void) {
  const [left, setLeft] = useState<number | null>(active ? seconds : null);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });
  const countdown = useRef<Countdown | null>(null);

  useEffect(() => {
    if (!active) return;
    countdown.current = startCountdown(seconds, { onTick: setLeft, onDone: () => done.current() });
    return () => countdown.current?.cancel();
  }, [seconds, active]);

  const cancel = () => {
    countdown.current?.cancel();
    setLeft(null);
  };
  return { left, cancel };
}
