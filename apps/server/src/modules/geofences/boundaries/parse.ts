import type { LatLon } from '@tractorlink/domain/geo';
import {
  type BoundingBox,
  type MultiPolygon,
  multiPolygonAreaM2,
  multiPolygonBox,
  normalizeRing,
  type Polygon,
  simplifyRing,
} from '@tractorlink/domain/geofence-geometry';
import { BOUNDARY_NAME_MAX, INDIA_BOUNDS } from '@tractorlink/domain/geofences';
import { LANGUAGE_CODES, type LanguageCode } from '@tractorlink/domain/languages';

/**
 * Administrative boundaries from a GeoJSON FeatureCollection of (Multi)Polygons whose properties
 * name the state and, for a district, the district (property names are the operator's flags, e.g.
 * DataMeet's ST_NM and DISTRICT). A feature without a district name is the state's own outline.
 * Each feature is taken whole or refused with its reasons; features naming the same boundary
 * (a district drawn in parts) are joined into one. A feature may also name itself in the app's other
 * languages with OpenStreetMap's `name:<language>` properties (`name:hi`, `name:ta` …).
 */

export interface ParseOptions {
  stateProperty: string;
  districtProperty: string;
  /** Douglas–Peucker tolerance, metres (0: keep every point). */
  toleranceM: number;
}

export interface ParsedBoundary {
  state: string;
  /** '' for a state's outline. */
  district: string;
  stateKey: string;
  districtKey: string;
  area: MultiPolygon;
  /** Features joined into it. */
  parts: number;
  vertices: number;
  areaM2: number;
  box: BoundingBox;
  /** The district's name (the state's, for an outline) in the app's other languages, as the file gave them. */
  names: LocalNames;
}

export type LocalNames = Partial<Record<LanguageCode, string>>;

export interface FeatureRefusal {
  /** 1-based position in the file. */
  feature: number;
  label: string;
  reasons: { path: string; code: string }[];
}

/** Most points one boundary keeps after simplification (a state at 50 m is far below). */
export const BOUNDARY_VERTICES_MAX = 200_000;
export const DEFAULT_TOLERANCE_M = 50;

/** Plain words for the operator next to each code. */
export const BOUNDARY_REASONS: Record<string, string> = {
  NOT_A_FEATURE: 'not a GeoJSON Feature',
  GEOMETRY_NOT_POLYGON: 'geometry is not a Polygon or MultiPolygon',
  STATE_MISSING: 'no state name in the state property',
  NAME_TOO_LONG: `name longer than ${BOUNDARY_NAME_MAX} characters`,
  COORDINATES_INVALID: 'a position is not [longitude, latitude] in degrees',
  OUTSIDE_INDIA: 'a position lies outside India',
  RING_TOO_SHORT: 'a ring has fewer than 3 distinct points',
  AREA_ZERO: 'encloses no area',
  TOO_MANY_VERTICES: `more than ${BOUNDARY_VERTICES_MAX} points after simplification`,
};

/** Names as shown: trimmed, single spaces. Keys: the same, lower-cased. */
export const cleanName = (value: string) => value.trim().replace(/\s+/g, ' ');
export const nameKey = (value: string) => cleanName(value).toLowerCase();

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

class Refused extends Error {
  constructor(
    readonly path: string,
    readonly code: string,
  ) {
    super(code);
  }
}

function position(value: unknown): LatLon {
  if (!Array.isArray(value) || value.length < 2) throw new Refused('geometry', 'COORDINATES_INVALID');
  const [lon, lat] = value as unknown[];
  if (typeof lon !== 'number' || typeof lat !== 'number' || !Number.isFinite(lon) || !Number.isFinite(lat) || Math.abs(lat) > 90 || Math.abs(lon) > 180) {
    throw new Refused('geometry', 'COORDINATES_INVALID');
  }
  if (lat < INDIA_BOUNDS.south || lat > INDIA_BOUNDS.north || lon < INDIA_BOUNDS.west || lon > INDIA_BOUNDS.east)
    throw new Refused('geometry', 'OUTSIDE_INDIA');
  return { lat, lon };
}

function ring(value: unknown, toleranceM: number): LatLon[] {
  if (!Array.isArray(value)) throw new Refused('geometry', 'COORDINATES_INVALID');
  const points = normalizeRing(value.map(position));
  if (points.length < 3) throw new Refused('geometry', 'RING_TOO_SHORT');
  return simplifyRing(points, toleranceM);
}

function polygon(value: unknown, toleranceM: number): Polygon {
  if (!Array.isArray(value) || value.length === 0) throw new Refused('geometry', 'COORDINATES_INVALID');
  return value.map((r) => ring(r, toleranceM));
}

function geometryOf(value: unknown, toleranceM: number): MultiPolygon {
  if (!isRecord(value) || (value.type !== 'Polygon' && value.type !== 'MultiPolygon')) throw new Refused('geometry', 'GEOMETRY_NOT_POLYGON');
  const coordinates = value.coordinates;
  if (value.type === 'Polygon') return [polygon(coordinates, toleranceM)];
  if (!Array.isArray(coordinates) || coordinates.length === 0) throw new Refused('geometry', 'COORDINATES_INVALID');
  return coordinates.map((p) => polygon(p, toleranceM));
}

function nameOf(properties: Record<string, unknown>, property: string): string {
  const raw = properties[property];
  const name = typeof raw === 'string' ? cleanName(raw) : typeof raw === 'number' ? String(raw) : '';
  if (name.length > BOUNDARY_NAME_MAX) throw new Refused(property, 'NAME_TOO_LONG');
  return name;
}

/** `name:hi`, `name:mr` … of a feature: its own name in the app's languages other than English. */
function localNames(properties: Record<string, unknown>): LocalNames {
  const names: LocalNames = {};
  for (const lang of LANGUAGE_CODES) {
    if (lang === 'en') continue;
    const name = nameOf(properties, `name:${lang}`);
    if (name !== '') names[lang] = name;
  }
  return names;
}

const vertexCount = (area: MultiPolygon) => area.reduce((n, p) => n + p.reduce((m, r) => m + r.length, 0), 0);

/** The boundaries of a FeatureCollection; throws (with a message for the operator) when the file is not one. */
export function parseBoundaries(doc: unknown, options: ParseOptions): { boundaries: ParsedBoundary[]; refused: FeatureRefusal[] } {
  if (!isRecord(doc) || doc.type !== 'FeatureCollection' || !Array.isArray(doc.features)) throw new Error('not a GeoJSON FeatureCollection');
  const byKey = new Map<string, ParsedBoundary>();
  const refused: FeatureRefusal[] = [];
  doc.features.forEach((feature: unknown, i) => {
    const properties = isRecord(feature) && isRecord(feature.properties) ? feature.properties : {};
    let label = `feature ${i + 1}`;
    try {
      if (!isRecord(feature) || feature.type !== 'Feature') throw new Refused('', 'NOT_A_FEATURE');
      const state = nameOf(properties, options.stateProperty);
      const district = nameOf(properties, options.districtProperty);
      if (state !== '') label = district === '' ? `${state} (state outline)` : `${state} / ${district}`;
      const names = localNames(properties);
      if (state === '') throw new Refused(options.stateProperty, 'STATE_MISSING');
      const area = geometryOf(feature.geometry, options.toleranceM);
      if (multiPolygonAreaM2(area) <= 0) throw new Refused('geometry', 'AREA_ZERO');
      const key = `${nameKey(state)}|${nameKey(district)}`;
      const joined = byKey.get(key);
      const all = joined ? [...joined.area, ...area] : area;
      const vertices = vertexCount(all);
      if (vertices > BOUNDARY_VERTICES_MAX) throw new Refused('geometry', 'TOO_MANY_VERTICES');
      byKey.set(key, {
        state,
        district,
        stateKey: nameKey(state),
        districtKey: nameKey(district),
        area: all,
        parts: (joined?.parts ?? 0) + 1,
        vertices,
        areaM2: multiPolygonAreaM2(all),
        box: multiPolygonBox(all) as BoundingBox,
        names: { ...joined?.names, ...names },
      });
    } catch (err) {
      if (!(err instanceof Refused)) throw err;
      refused.push({ feature: i + 1, label, reasons: [{ path: err.path || 'feature', code: err.code }] });
    }
  });
  return { boundaries: [...byKey.values()], refused };
}

/** The stored form: a GeoJSON MultiPolygon's coordinates, [lon, lat], rings closed. */
export function toGeoJsonCoordinates(area: MultiPolygon): [number, number][][][] {
  return area.map((p) => p.map((r) => [...r, r[0] as LatLon].map((q) => [q.lon, q.lat] as [number, number])));
}

export function fromGeoJsonCoordinates(coordinates: [number, number][][][]): MultiPolygon {
  return coordinates.map((p) => p.map((r) => normalizeRing(r.map(([lon, lat]) => ({ lat, lon })))));
}
