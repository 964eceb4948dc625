/** Geometry on the scale of a farm: great-circle distances and a local metric plane. */

export interface LatLon {
  lat: number;
  lon: number;
}

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres (haversine). */
export function distanceMeters(a: LatLon, b: LatLon): number {
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Projects to metres east (x) and north (y) of `origin` (equirectangular). Within a few km of the
 * origin, as a field is, the error is far below GPS noise.
 */
export function toLocalMeters(origin: LatLon, p: LatLon): { x: number; y: number } {
  return {
    x: rad(p.lon - origin.lon) * EARTH_RADIUS_M * Math.cos(rad(origin.lat)),
    y: rad(p.lat - origin.lat) * EARTH_RADIUS_M,
  };
}

/** The inverse of toLocalMeters. */
export function fromLocalMeters(origin: LatLon, x: number, y: number): LatLon {
  return {
    lat: origin.lat + (y / EARTH_RADIUS_M) * (180 / Math.PI),
    lon: origin.lon + (x / (EARTH_RADIUS_M * Math.cos(rad(origin.lat)))) * (180 / Math.PI),
  };
}

/** A GPS fix worth using: inside the valid ranges and not the 0,0 a device sends without a fix. */
export function isPlausibleFix(p: LatLon): boolean {
  return Number.isFinite(p.lat) && Number.isFinite(p.lon) && Math.abs(p.lat) <= 90 && Math.abs(p.lon) <= 180 && !(p.lat === 0 && p.lon === 0);
}

export const SQUARE_METERS_PER_ACRE = 4046.8564224;
