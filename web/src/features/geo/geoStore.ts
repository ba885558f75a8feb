/**
 * Geolocation (spec sections 3, 4, 7 and 9): the permission state — unsupported,
 * unknown, or the browser's own state, followed as it changes — and the place of the
 * member's position from GET /api/geocode, cached for an hour. Only country, region
 * and city are kept: the coordinates go to the server for the lookup and are dropped.
 */
import { create } from 'zustand';
import { answer, api } from '../../shared/api/client';
import type { Answer } from '../../shared/api/types';

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
  async locate() {
    const { place, placeAt, permission } = get();
    if (place && Date.now() - placeAt < GEOCODE_MAX_AGE_MS) return place;
    if (permission === 'unsupported') return false;
    try {
      const { coords } = await position();
      // Four decimals (some 10 m): all a city needs.
      const query = { lat: Number(coords.latitude.toFixed(4)), lon: Number(coords.longitude.toFixed(4)) };
      const found = await answer(api.GET('/api/geocode', { params: { query } }));
      const result = typeof found === 'object' ? found : false;
      set({ place: result, placeAt: Date.now(), permission: 'granted' });
      return result;
    } catch (error) {
      if ((error as GeolocationPositionError)?.code === 1) set({ permission: 'denied' });
      set({ place: false, placeAt: Date.now() });
      return false;
    }
  },
}));
