import { describe, expect, it } from 'vitest';
import { checkDistance, distanceMeters } from '../../../runtime/core/geo';

describe('distance check (earth radius 6378137 m, limit 0 = no limit)', () => {
  it('is zero for the same point', () => {
    expect(distanceMeters({ lng: 116.397, lat: 39.908 }, { lng: 116.397, lat: 39.908 })).toBe(0);
  });

  it('uses the spec radius: one degree of latitude is 2πR/360', () => {
    const oneDegree = (2 * Math.PI * 6378137) / 360;
    expect(distanceMeters({ lng: 0, lat: 0 }, { lng: 0, lat: 1 })).toBeCloseTo(oneDegree, 6);
    expect(distanceMeters({ lng: 0, lat: 0 }, { lng: 1, lat: 0 })).toBeCloseTo(oneDegree, 6);
    // Half the circumference between antipodes.
    expect(distanceMeters({ lng: 0, lat: 0 }, { lng: 180, lat: 0 })).toBeCloseTo(Math.PI * 6378137, 3);
  });

  it('measures a real distance: Tiananmen to the Beijing railway station, about 2.5 km', () => {
    const d = distanceMeters({ lng: 116.397455, lat: 39.909187 }, { lng: 116.427002, lat: 39.902844 });
    expect(d).toBeGreaterThan(2400);
    expect(d).toBeLessThan(2700);
  });

  it('is symmetric', () => {
    const a = { lng: 121.4737, lat: 31.2304 };
    const b = { lng: 120.1551, lat: 30.2741 };
    expect(distanceMeters(a, b)).toBeCloseTo(distanceMeters(b, a), 9);
  });

  it('passes within the limit, at the boundary, and always with limit 0; fails beyond it', () => {
    const office = { lng: 0, lat: 0 };
    const near = { lng: 0, lat: 0.001 }; // about 111.3 m
    const d = distanceMeters(office, near);
    expect(checkDistance(near, office, 200)).toEqual({ distance: d, limit: 200, within: true });
    expect(checkDistance(near, office, d).within).toBe(true);
    expect(checkDistance(near, office, 100).within).toBe(false);
    expect(checkDistance({ lng: 90, lat: 45 }, office, 0)).toMatchObject({ limit: 0, within: true });
    expect(checkDistance(near, office, -1)).toMatchObject({ limit: 0, within: true });
  });

  it('refuses coordinates out of range', () => {
    expect(() => distanceMeters({ lng: 181, lat: 0 }, { lng: 0, lat: 0 })).toThrow(RangeError);
    expect(() => distanceMeters({ lng: 0, lat: Number.NaN }, { lng: 0, lat: 0 })).toThrow(RangeError);
  });
});
