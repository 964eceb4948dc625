import type { JobDetail } from '@tractorlink/domain/hire-api';
import type { LatLon } from '@tractorlink/domain/geo';
import type { DrawnArea, Drawing } from '../../components/map/drawing';
import { EMPTY_DRAWING } from '../../components/map/drawing';

/** A job's worked area and field as the map draws them (pure, tested). */

/** The worked area (GeoJSON [lon, lat]) as the map's polygons. */
export function workedPolygons(job: Pick<JobDetail, 'workedArea'>): LatLon[][][] {
  return job.workedArea?.coordinates.map((polygon) => polygon.map((ring) => ring.map(([lon, lat]) => ({ lat, lon })))) ?? [];
}

export const boundaryCorners = (job: Pick<JobDetail, 'boundary'>): LatLon[] => job.boundary?.map((c) => ({ lat: c.latitude, lon: c.longitude })) ?? [];

/** The worked area (filled) and the field's boundary (dashed), for a map that only shows them. */
export function jobAreas(job: Pick<JobDetail, 'workedArea' | 'boundary'>): DrawnArea[] {
  const worked = workedPolygons(job);
  const corners = boundaryCorners(job);
  return [
    ...(worked.length ? [{ kind: 'polygons' as const, polygons: worked, tone: 'worked' as const }] : []),
    ...(corners.length >= 3 ? [{ kind: 'polygons' as const, polygons: [[corners]], draft: true }] : []),
  ];
}

/** Every point the map should fit: the worked area, the field, else where the work started. */
export function jobPoints(job: Pick<JobDetail, 'workedArea' | 'boundary' | 'position'>): LatLon[] {
  const points = [...workedPolygons(job).flat(2), ...boundaryCorners(job)];
  if (points.length === 0 && job.position) points.push({ lat: job.position.lat, lon: job.position.lng });
  return points;
}

/** The box around points (for the drawing map to open on). */
export function boxOf(points: readonly LatLon[]): { south: number; west: number; north: number; east: number } | undefined {
  if (points.length === 0) return undefined;
  const lats = points.map((p) => p.lat);
  const lons = points.map((p) => p.lon);
  return { south: Math.min(...lats), west: Math.min(...lons), north: Math.max(...lats), east: Math.max(...lons) };
}

/** The saved boundary as a drawing to adjust (a closed polygon), or an empty one to draw. */
export function boundaryDrawing(job: Pick<JobDetail, 'boundary'>): Drawing {
  const corners = boundaryCorners(job);
  return corners.length >= 3 ? { ...EMPTY_DRAWING, corners, closed: true } : EMPTY_DRAWING;
}

/** A drawing's corners in the API's form. */
export const boundaryBody = (d: Drawing) => d.corners.map((p) => ({ latitude: p.lat, longitude: p.lon }));
