import { multiPolygonAreaM2, simplifyRing } from '@tractorlink/domain/geofence-geometry';
import type { BoundaryOutlineResponse } from '@tractorlink/domain/geofences';
import { fromGeoJsonCoordinates, toGeoJsonCoordinates } from './parse';
import type { BoundaryRow } from './repo';

/** A phone draws a district well enough at this detail, in a tenth of the bytes. */
const DISPLAY_TOLERANCE_M = 150;
const CACHE_MAX = 200;

/** Outlines for the map, simplified once per boundary version and kept (a few hundred at most). */
export class OutlineCache {
  private readonly entries = new Map<string, BoundaryOutlineResponse>();

  get(row: BoundaryRow): BoundaryOutlineResponse {
    const key = `${row.id}:${row.version}`;
    const cached = this.entries.get(key);
    if (cached) return cached;
    const area = fromGeoJsonCoordinates(JSON.parse(row.geometry) as [number, number][][][]).map((polygon) =>
      polygon.map((ring) => simplifyRing(ring, DISPLAY_TOLERANCE_M)),
    );
    const outline: BoundaryOutlineResponse = {
      state: row.state,
      district: row.district === '' ? null : row.district,
      bounds: { south: row.south, west: row.west, north: row.north, east: row.east },
      areaM2: Math.round(multiPolygonAreaM2(area)),
      geometry: { type: 'MultiPolygon', coordinates: toGeoJsonCoordinates(area) },
    };
    if (this.entries.size >= CACHE_MAX) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, outline);
    return outline;
  }
}
