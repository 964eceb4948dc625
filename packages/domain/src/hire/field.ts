import { normalizeRing, ringAreaM2 } from '../geofence-geometry';

/** The area of a drawn field boundary, m² (its corners, as the geofence drawing tool gives them). */
export function fieldAreaM2(boundary: readonly { latitude: number; longitude: number }[]): number {
  return ringAreaM2(normalizeRing(boundary.map((p) => ({ lat: p.latitude, lon: p.longitude }))));
}
