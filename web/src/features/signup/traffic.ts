/**
 * The traffic source of a landing link (spec sections 3 and 6): the query parameters
 * network, ref, sub1, sub2 and sub3 are captured at start-up and kept in localStorage
 * with the time they arrived. The first touch wins: a later link with other parameters
 * does not replace them. The signup sends them along.
 */
import type { TrafficSource } from '../../shared/api/types';

export const TRAFFIC_KEY = 'amora.traffic';
export const TRAFFIC_PARAMS = ['network', 'ref', 'sub1', 'sub2', 'sub3'] as const;
const MAX_LENGTH = 100; // the API refuses longer values

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
    for (const param of TRAFFIC_PARAMS) {
      if (typeof stored[param] === 'string' && stored[param]) traffic[param] = stored[param];
    }
    return traffic;
  } catch {
    return null;
  }
}

/** Stores the query's traffic parameters unless a traffic source was stored before. */
export function captureTraffic(search: string, now = Date.now()): StoredTraffic | null {
  const existing = readTraffic();
  if (existing) return existing;
  const traffic = fromQuery(search);
  if (!traffic) return null;
  const stored: StoredTraffic = { ...traffic, capturedAt: now };
  try {
    localStorage.setItem(TRAFFIC_KEY, JSON.stringify(stored));
  } catch {
    // Without storage the source only counts for this page view.
  }
  return stored;
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
