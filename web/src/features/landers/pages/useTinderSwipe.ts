import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SwipeDirection } from '../../../shared/ui/swipeGesture';
import type { LanderMember } from '../landerApi';
import { useReducedMotion } from '../motion';
import type { Flight, Offset } from './TinderCards';

/** After this many swipes the signup call to action takes the stack's place. */
export const SWIPES_BEFORE_SIGNUP = 3;
const FLIGHT_MS = 320;
const STILL: Offset = { dx: 0, dy: 0, rotate: 0, like: 0, nope: 0 };

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

/** When the call to action replaces the stack after a swipe, focus moves to it (the swipe buttons are gone with the stack). */
function useGateFocus(gate: boolean, done: number) {
  const gateCta = useRef<HTMLDivElement>(null);
  const gateShown = useRef(false);
  useEffect(() => {
    if (gate && done > 0 && !gateShown.current) {
      gateShown.current = true;
      gateCta.current?.querySelector('button')?.focus({ preventScroll: true });
    }
  }, [gate, done]);
  return gateCta;
}

/**
 * Timers for the cards that land after their flight, cleared when the lander goes: a card
 * landing after it (the visitor left within the flight) would update a lander that is gone.
 */
function useLandings() {
  const pending = useRef(new Set<number>());
  useEffect(() => {
    const timers = pending.current;
    return () => {
      timers.forEach((timer) => window.clearTimeout(timer));
      timers.clear();
    };
  }, []);
  return useCallback((land: () => void, ms: number) => {
    const timer = window.setTimeout(() => {
      pending.current.delete(timer);
      land();
    }, ms);
    pending.current.add(timer);
  }, []);
}

/**
 * The game of the lander: which member is on top, the two under it, the cards flying off,
 * what was said to a screen reader, and when the signup takes the stack's place.
 */
export function useTinderSwipe(members: readonly LanderMember[], ready: boolean) {
  const { t } = useTranslation('landers');
  const reducedMotion = useReducedMotion();
  const [done, setDone] = useState(0);
  const [said, setSaid] = useState('');
  const [flights, setFlights] = useState<Flight[]>([]);
  const flightKey = useRef(0);
  const landings = useLandings();

  const gate = ready && (done >= SWIPES_BEFORE_SIGNUP || done >= members.length);
  const top = ready && !gate ? members[done] : undefined;
  const under = ready && !gate ? members.slice(done + 1, done + 3) : [];

  const decide = useCallback(
    (direction: SwipeDirection, from: Offset = STILL) => {
      if (!top) return;
      setDone((n) => n + 1);
      setSaid(t(direction === 'like' ? 'tinderswipe.liked' : 'tinderswipe.passed', { name: top.name }));
      if (reducedMotion) return;
      const key = ++flightKey.current;
      setFlights((current) => [...current.slice(-2), { key, member: top, direction, from }]);
      landings(() => setFlights((current) => current.filter((f) => f.key !== key)), FLIGHT_MS + 150);
    },
    [top, t, reducedMotion, landings],
  );
  useArrowKeys(Boolean(top), decide);
  const gateCta = useGateFocus(gate, done);

  const teaser = members.slice(done, done + 3).length > 0 ? members.slice(done, done + 3) : members.slice(0, 3);
  return { done, said, flights, gate, top, under, decide, gateCta, teaser };
}
