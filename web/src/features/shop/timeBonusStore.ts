/**
 * The time bonus (spec sections 4 and 9): 25 % off (code TIMEBONUS25) for a logged-in
 * member who never paid, during the first 4 hours after signup (the server's
 * time_bonus_until on the user says until when). It is loaded on login
 * (GET /api/discountcode?welcome=true; a failure is silently ignored, spec section 8),
 * ticks every second while it runs and is cleared on logout, once the member has paid,
 * and when the countdown reaches zero.
 */
import { useEffect } from 'react';
import { create } from 'zustand';
import { registerSessionReset, useSession, type User } from '../../shared/session';
import { type Query, serverQuery } from '../../shared/api/serverQuery';
import { type DiscountCode, shopApi } from './shopApi';

export const TICK_MS = 1000;

interface TimeBonusState {
  /** The automatic discount the server answered (the time bonus, or the welcome discount). */
  discount: DiscountCode | null;
  /** Seconds left of the time bonus, null when there is none. */
  secondsLeft: number | null;
  /** Whose bonus this is: it is loaded once per login. */
  memberId: number | null;
}

export const useTimeBonus = create<TimeBonusState>()(() => ({ discount: null, secondsLeft: null, memberId: null }));

/** The bonus shows while its countdown runs. */
export const useTimeBonusVisible = () => useTimeBonus((s) => s.secondsLeft !== null && s.secondsLeft > 0);

/** 3725 → "01:02:05": hours, minutes and seconds, each two digits. */
export function formatCountdown(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

/** Whether the member may still have a time bonus: the server says until when (null once paid). */
export function mayHaveTimeBonus(user: Pick<User, 'paid_user' | 'time_bonus_until'> | null, now = Date.now()): boolean {
  if (!user || user.paid_user || user.time_bonus_until === null) return false;
  const until = Date.parse(user.time_bonus_until);
  return Number.isNaN(until) || now < until;
}

let ticker: ReturnType<typeof setInterval> | null = null;

// The member's automatic discount (shared/api/serverQuery): each load or clear drops the
// answer on its way, so one that arrives after a logout is not shown.
const discountQuery: Query<void, DiscountCode> = serverQuery({
  fetch: () => shopApi.welcome(),
  keep(discount) {
    useTimeBonus.setState({ discount });
    const seconds = discount.kind === 'time_bonus' ? (discount.seconds_left ?? 0) : 0;
    if (seconds > 0) startTicking(seconds);
  },
});

export function clearTimeBonus(): void {
  discountQuery.clear();
  if (ticker !== null) clearInterval(ticker);
  ticker = null;
  useTimeBonus.setState({ discount: null, secondsLeft: null, memberId: null });
}

/** Starts the countdown; it counts against the clock, so a busy tab does not fall behind. */
function startTicking(seconds: number): void {
  if (ticker !== null) clearInterval(ticker);
  const deadline = Date.now() + seconds * 1000;
  useTimeBonus.setState({ secondsLeft: seconds });
  ticker = setInterval(() => {
    const left = Math.max(0, Math.round((deadline - Date.now()) / 1000));
    if (left <= 0) clearTimeBonus();
    else useTimeBonus.setState({ secondsLeft: left });
  }, TICK_MS);
}

/** Asks the server for the member's automatic discount; keeps quiet when there is none. */
export async function loadTimeBonus(): Promise<void> {
  const user = useSession.getState().user;
  clearTimeBonus();
  if (!user || user.paid_user) return;
  useTimeBonus.setState({ memberId: user.id });
  try {
    await discountQuery.fetch();
  } catch {
    // No automatic discount (404), or the call failed: the shop simply shows full prices.
  }
}

let following = false;

/** Follows the session once: load on login, clear on logout or once the member paid. */
export function followTimeBonus(): void {
  if (following) return;
  following = true;
  registerSessionReset(clearTimeBonus);
  const follow = (user: User | null) => {
    const { memberId } = useTimeBonus.getState();
    if (!user || user.paid_user) {
      if (memberId !== null) clearTimeBonus();
    } else if (memberId !== user.id && mayHaveTimeBonus(user)) {
      void loadTimeBonus();
    }
  };
  follow(useSession.getState().user);
  useSession.subscribe((state, previous) => {
    if (state.user?.id !== previous.user?.id || state.user?.paid_user !== previous.user?.paid_user) follow(state.user);
  });
}

/**
 * For screens that show the offer: the countdown lives in this store, so make sure it
 * runs when the server's offer carries the time bonus (also before start-up followed).
 */
export function useTimeBonusFor(discount: Pick<DiscountCode, 'kind'> | null | undefined): void {
  const userId = useSession((s) => s.user?.id);
  const timeBonus = discount?.kind === 'time_bonus';
  useEffect(() => {
    followTimeBonus();
    if (timeBonus && userId !== undefined && useTimeBonus.getState().memberId !== userId) void loadTimeBonus();
  }, [timeBonus, userId]);
}
