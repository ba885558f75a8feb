import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GEOCODE_MAX_AGE_MS, useGeo } from './geoStore';
import { stubFetch } from '../../test/fetchStub';

const fetchMock = vi.fn();

function answer(body: unknown) {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
}

function fakeGeolocation(ok = true) {
  const getCurrentPosition = vi.fn((resolve: PositionCallback, reject: PositionErrorCallback) =>
    ok
      ? resolve({ coords: { latitude: 52.370216, longitude: 4.895168 } } as GeolocationPosition)
      : reject({ code: 1 } as GeolocationPositionError),
  );
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
  return getCurrentPosition;
}

describe('geolocation', () => {
  beforeEach(() => {
    stubFetch(fetchMock);
    useGeo.setState({ permission: 'unknown', place: null, placeAt: 0 });
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('geocodes the position and caches the place for an hour', async () => {
    const locate = fakeGeolocation();
    fetchMock.mockResolvedValue(answer({ country: 'NL', region: 'NL-NH', city: 'Amsterdam' }));
    await expect(useGeo.getState().locate()).resolves.toEqual({ country: 'NL', region: 'NL-NH', city: 'Amsterdam' });
    await useGeo.getState().locate();
    expect(locate).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const url = String(fetchMock.mock.calls[0][0]);
    expect(url).toContain('lat=52.3702');
    expect(useGeo.getState().permission).toBe('granted');
    expect(JSON.stringify(useGeo.getState())).not.toContain('52.37');
    useGeo.setState({ placeAt: Date.now() - GEOCODE_MAX_AGE_MS - 1 });
    await useGeo.getState().locate();
    expect(locate).toHaveBeenCalledTimes(2);
  });

  it('records a refusal and answers false', async () => {
    fakeGeolocation(false);
    await expect(useGeo.getState().locate()).resolves.toBe(false);
    expect(useGeo.getState().permission).toBe('denied');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('answers false when the browser cannot locate at all', async () => {
    useGeo.setState({ permission: 'unsupported' });
    await expect(useGeo.getState().locate()).resolves.toBe(false);
  });
});
