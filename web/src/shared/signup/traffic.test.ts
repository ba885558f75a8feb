import { describe, expect, it } from 'vitest';
import { TRAFFIC_KEY, captureTraffic, hasTrafficSource, readTraffic, trafficForSignup } from './traffic';

describe('traffic capture', () => {
  it('keeps the traffic parameters of the landing link with the time', () => {
    const stored = captureTraffic('?network=adnet&ref=abc&sub1=x&sub2=y&sub3=z&other=1', 1_700_000_000_000);
    expect(stored).toEqual({ network: 'adnet', ref: 'abc', sub1: 'x', sub2: 'y', sub3: 'z', capturedAt: 1_700_000_000_000 });
    expect(JSON.parse(localStorage.getItem(TRAFFIC_KEY)!)).toEqual(stored);
  });

  it('keeps the first touch: a later link does not replace it', () => {
    captureTraffic('?network=first&sub1=a', 1000);
    captureTraffic('?network=second&sub1=b&sub2=c', 2000);
    expect(readTraffic()).toEqual({ network: 'first', sub1: 'a', capturedAt: 1000 });
  });

  it('stores nothing without traffic parameters', () => {
    expect(captureTraffic('?lang=nl', 1000)).toBeNull();
    expect(localStorage.getItem(TRAFFIC_KEY)).toBeNull();
    // ... so a later link still counts as the first touch.
    captureTraffic('?network=late', 2000);
    expect(readTraffic()?.network).toBe('late');
  });

  it('cuts values to what the API accepts', () => {
    captureTraffic(`?network=${'n'.repeat(150)}`, 1);
    expect(readTraffic()?.network).toHaveLength(100);
  });

  it('sends the stored parameters with the signup, without the timestamp', () => {
    captureTraffic('?network=adnet&sub2=q', 5);
    expect(trafficForSignup('?network=other')).toEqual({ network: 'adnet', sub2: 'q' });
  });

  it('keeps the first lander visited, even when boot captured the source before it', () => {
    captureTraffic('?network=adnet', 1); // boot, on a fresh load of the lander
    captureTraffic('?network=adnet', 2, 'video'); // the lander itself
    captureTraffic('', 3, 'gallery'); // a later lander
    expect(trafficForSignup('')).toEqual({ network: 'adnet', lander: 'video' });
    localStorage.clear();
    expect(captureTraffic('', 4, 'gallery')).toEqual({ lander: 'gallery', capturedAt: 4 });
    expect(hasTrafficSource('')).toBe(false); // a lander is no traffic source
  });

  it('has a traffic source when a network was captured now or earlier', () => {
    expect(hasTrafficSource('')).toBe(false);
    expect(hasTrafficSource('?network=now')).toBe(true);
    captureTraffic('?ref=only-a-ref', 1);
    expect(hasTrafficSource('')).toBe(false);
    localStorage.clear();
    captureTraffic('?network=earlier', 1);
    expect(hasTrafficSource('')).toBe(true);
  });
});
