import { EARTH_RADIUS_M, NO_DISTANCE_LIMIT } from '../constants/geo';

/** A point in degrees (longitude east, latitude north), as location fields store it. */
export interface GeoPoint { lng: number; lat: number }

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

function isValidPoint(point: GeoPoint): boolean {
  return Number.isFinite(point.lng) && Number.isFinite(point.lat) && Math.abs(point.lng) <= 180 && Math.abs(point.lat) <= 90;
}

/** Great-circle distance in metres (haversine) on a sphere of radius 6378137 m (spec §5). */
export function distanceMeters(a: GeoPoint, b: GeoPoint): number {
  if (!isValidPoint(a) || !isValidPoint(b)) throw new RangeError('a point has a longitude or latitude out of range');
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface DistanceCheck {
  /** Metres between the two points. */
  distance: number;
  /** The limit applied, metres; 0 = no limit. */
  limit: number;
  within: boolean;
}

/**
 * Is `position` within `limit` metres of `target`? A limit of 0 (or less) means no limit: always
 * within. The boundary counts as within.
 */
export function checkDistance(position: GeoPoint, target: GeoPoint, limit: number): DistanceCheck {
  const distance = distanceMeters(position, target);
  const applied = Number.isFinite(limit) && limit > NO_DISTANCE_LIMIT ? limit : NO_DISTANCE_LIMIT;
  return { distance, limit: applied, within: applied === NO_DISTANCE_LIMIT || distance <= applied };
}
