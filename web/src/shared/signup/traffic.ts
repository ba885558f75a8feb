/**
 * The traffic source of a landing link (spec sections 3 and 6): the query parameters
 * network, ref, sub1, sub2 and sub3 are captured at start-up and kept in localStorage
 * with the time they arrived, and so is the first landing page (lander) visited. The
 * first touch wins: a later link with other parameters does not replace them. The signup
 * sends them along (operators count signups per lander and source).
 */
import type { TrafficSource } from '../api/types';

export const TRAFFIC_KEY = 'amora.traffic';
export const TRAFFIC_PARAMS = ['network', 'ref', 'sub1', 'sub2', 'sub3'] as const;
const MAX_LENGTH = 100; // the API refuses longer values
const MAX_LANDER = 40;

export interface StoredTraffic extends TrafficSource {
  /** When the traffic source was captured (ms since epoch). */
  capturedAt: number;
}

function fromQuery(search: string): TrafficSource | null {
  const query = new URLSearchParams(search);
  const traffic: TrafficSource = {};
  let found = false;
  for (const param of TRAFFIC_PARAMS) {
    const value = query.get(param)?.trim();
    if (value) {
      traffic[param] = value.slice(0, MAX_LENGTH);
      found = true;
    }
  }
  return found ? traffic : null;
}

export function readTraffic(): StoredTraffic | null {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(TRAFFIC_KEY) ?? 'null');
    if (!parsed || typeof parsed !== 'object') return null;
    const stored = parsed as Record<string, unknown>;
    const traffic: StoredTraffic = { capturedAt: Number(stored.capturedAt) || 0 };
    for (const param of [...TRAFFIC_PARAMS, 'lander'] as const) {
      if (typeof stored[param] === 'string' && stored[param]) traffic[param] = stored[param];
    }
    return traffic;
  } catch {
    return null;
  }
}

function store(traffic: StoredTraffic): StoredTraffic {
  try {
    localStorage.setItem(TRAFFIC_KEY, JSON.stringify(traffic));
  } catch {
    // Without storage the source only counts for this page view.
  }
  return traffic;
}

/**
 * Stores the query's traffic parameters unless a traffic source was stored before, and
 * the landing page (`lander`, on a lander) unless one was stored before.
 */
export function captureTraffic(search: string, now = Date.now(), lander?: string): StoredTraffic | null {
  const page = lander ? { lander: lander.slice(0, MAX_LANDER) } : {};
  const existing = readTraffic();
  if (existing) return lander && !existing.lander ? store({ ...existing, ...page }) : existing;
  const traffic = fromQuery(search);
  if (!traffic && !lander) return null;
  return store({ ...traffic, ...page, capturedAt: now });
}

/** The parameters to send with the signup: the stored ones, else those of this page. */
export function trafficForSignup(search = location.search): TrafficSource | undefined {
  const stored = readTraffic();
  if (stored) {
    const { capturedAt: _capturedAt, ...traffic } = stored;
    return traffic;
  }
  return fromQuery(search) ?? undefined;
}

/** A traffic source exists when a network was captured, now or earlier (spec section 6). */
export function hasTrafficSource(search = location.search): boolean {
  return Boolean(trafficForSignup(search)?.network);
}
