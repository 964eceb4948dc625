import type { LatLon } from '@tractorlink/domain/geo';
import { compileCircle, compileMultiPolygon, type CompiledArea, squareCorners } from '@tractorlink/domain/geofence-geometry';
import type { GeofencesTable } from '../../db/types';
import { fromGeoJsonCoordinates } from './boundaries/parse';

/** Custom shapes are stored as drawn: JSON [[lat, lon], …] (a circle's and a square's centre, a polygon's corners). */
export const storeCoordinates = (points: readonly LatLon[]) => JSON.stringify(points.map((p) => [p.lat, p.lon]));

export function storedCoordinates(text: string | null): LatLon[] {
  if (!text) return [];
  return (JSON.parse(text) as [number, number][]).map(([lat, lon]) => ({ lat, lon }));
}

/** A custom geofence ready for detection: a square becomes its four corners. */
export function compileCustom(row: Pick<GeofencesTable, 'shape' | 'coordinates' | 'radius_m' | 'side_m'>): CompiledArea {
  const points = storedCoordinates(row.coordinates);
  const first = points[0] ?? { lat: 0, lon: 0 };
  if (row.shape === 'circle') return compileCircle(first, row.radius_m ?? 0);
  if (row.shape === 'square') return compileMultiPolygon([[squareCorners(first, row.side_m ?? 0)]]);
  return compileMultiPolygon([[points]]);
}

/** A stored boundary (GeoJSON MultiPolygon coordinates) ready for detection. */
export function compileBoundary(geometry: string): CompiledArea {
  return compileMultiPolygon(fromGeoJsonCoordinates(JSON.parse(geometry) as [number, number][][][]));
}
