/**
 * Geolocation (spec sections 3, 4, 7 and 9): the permission state — unsupported,
 * unknown, or the browser's own state, followed as it changes — and the place of the
 * member's position from GET /api/geocode, cached for an hour. Only country, region
 * and city are kept: the coordinates go to the server for the lookup and are dropped.
 */
import { create } from 'zustand';
import { answer, api } from '../api/client';
import { type Query, serverQuery } from '../api/serverQuery';
import type { Answer } from '../api/types';

export type GeoPermission = 'unsupported' | 'unknown' | PermissionState;

/** The place of a position (false: none found). */
export type Place = Exclude<Answer<'geocode'>, boolean>;

export const GEOCODE_MAX_AGE_MS = 3_600_000;

interface GeoState {
  permission: GeoPermission;
  place: Place | false | null;
  placeAt: number;
  /** Reads the permission state once and follows its changes. */
  watchPermission: () => Promise<void>;
  /** Asks for the position (the browser may prompt) and geocodes it; false when unknown. */
  locate: () => Promise<Place | false>;
}

function position(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) =>
    navigator.geolocation.getCurrentPosition(resolve, reject, {
      maximumAge: GEOCODE_MAX_AGE_MS,
      timeout: 15_000,
      enableHighAccuracy: false,
    }),
  );
}

/** Where the browser says the member is, as a place (false: unknown or refused). */
async function lookUpPlace(): Promise<Place | false> {
  try {
    const { coords } = await position();
    // Four decimals (some 10 m): all a city needs.
    const query = { lat: Number(coords.latitude.toFixed(4)), lon: Number(coords.longitude.toFixed(4)) };
    const found = await answer(api.GET('/api/geocode', { params: { query } }));
    useGeo.setState({ permission: 'granted' });
    return typeof found === 'object' ? found : false;
  } catch (error) {
    if ((error as GeolocationPositionError)?.code === 1) useGeo.setState({ permission: 'denied' });
    return false;
  }
}

// The place (shared/api/serverQuery): a found one is kept for an hour; callers meanwhile
// share one lookup.
const placeQuery: Query<void, Place | false> = serverQuery({
  fetch: lookUpPlace,
  keep: (place) => useGeo.setState({ place, placeAt: Date.now() }),
  known() {
    const { place, placeAt } = useGeo.getState();
    return place && Date.now() - placeAt < GEOCODE_MAX_AGE_MS ? place : undefined;
  },
});

export const useGeo = create<GeoState>()((set, get) => ({
  permission: typeof navigator !== 'undefined' && 'geolocation' in navigator ? 'unknown' : 'unsupported',
  place: null,
  placeAt: 0,
  async watchPermission() {
    if (get().permission === 'unsupported' || !navigator.permissions?.query) return;
    try {
      const status = await navigator.permissions.query({ name: 'geolocation' });
      set({ permission: status.state });
      status.onchange = () => set({ permission: status.state });
    } catch {
      // Some browsers cannot report it: the state stays unknown until the member asks.
    }
  },
  // Unsupported: the browser will never tell, so nothing is asked or kept.
  locate: () => (get().permission === 'unsupported' ? Promise.resolve(false) : placeQuery.load()),
}));
