import { z } from 'zod';
import type { LatLon } from './geo';
import { type BoundingBox, circleAreaM2, normalizeRing, ringAreaM2, ringSelfIntersects, squareCorners } from './geofence-geometry';
import { LANGUAGE_CODES } from './languages';
import { isSec } from './vehicles-api';

/**
 * Geofences (spec §3 Geofence, §5 rules, §7 `geofences`): the bodies, queries and answers of the
 * API, shared by the web form and the server so both refuse the same input. Each rule's message is
 * a stable code (VALIDATION_FAILED details) the web translates.
 *
 * A geofence is custom (a circle, a square or a polygon drawn on the map), a state or a district
 * (chosen from the boundaries the operator loaded). Coordinates are WGS84 degrees.
 */

export const GEOFENCE_TYPES = ['custom', 'state', 'district'] as const;
export type GeofenceType = (typeof GEOFENCE_TYPES)[number];
export const GEOFENCE_SHAPES = ['square', 'circle', 'polygon'] as const;
export type GeofenceShape = (typeof GEOFENCE_SHAPES)[number];

/** Spec §5: letters, digits, underscore and hyphen only. */
export const GEOFENCE_NAME_PATTERN = /^[A-Za-z0-9_-]+$/;
export const GEOFENCE_NAME_MAX = 30;
/** Per owner (each active one is tested against every position of the tractors it watches). */
export const GEOFENCES_PER_OWNER_MAX = 50;
/** Tractors one geofence may watch. */
export const GEOFENCE_TRACTORS_MAX = 100;
/** A circle: from a farmyard to a taluka. */
export const GEOFENCE_RADIUS_M = { min: 50, max: 50_000 } as const;
/** A square's side, north-up: the same span as a circle's diameter bounds allow, up to 100 km. */
export const GEOFENCE_SIDE_M = { min: 50, max: 100_000 } as const;
/** A drawn polygon's corners (without the closing point). */
export const GEOFENCE_POLYGON_POINTS = { min: 3, max: 100 } as const;
/** A drawn polygon's area: 0.1 ha (a small plot) to 10,000 km² (a large district). */
export const GEOFENCE_AREA_M2 = { min: 1_000, max: 10_000 * 1_000_000 } as const;
/**
 * GPS tolerance band: a position counts as inside only this far inside the boundary, and as
 * outside only this far outside; in between, the last state holds, so a tractor working along
 * the boundary does not flap between entry and exit.
 */
export const GEOFENCE_BAND_M = 25;
/** Positions in a row that must agree before an entry or exit is alerted (one stray fix is not). */
export const GEOFENCE_CONFIRM_FIXES = 2;
/** India with its islands, generously: coordinates outside it are refused. */
export const INDIA_BOUNDS: BoundingBox = { south: 6, west: 68, north: 37.5, east: 98 };
/** Longest state or district name. */
export const BOUNDARY_NAME_MAX = 60;
export const GEOFENCES_PAGE_SIZE_DEFAULT = 50;

/**
 * Every code a geofence body can be refused with in VALIDATION_FAILED details (beside the generic
 * ones: REQUIRED, TYPE_INVALID, TOO_LONG, UNKNOWN_FIELD): the web's catalogue needs `error.<CODE>`
 * for each. DISTRICT_NOT_IN_STATE comes from the server (it knows the loaded boundaries).
 */
export const GEOFENCE_FIELD_CODES = [
  'GEOFENCE_NAME_REQUIRED',
  'GEOFENCE_NAME_TOO_LONG',
  'GEOFENCE_NAME_INVALID',
  'GEOFENCE_TYPE_INVALID',
  'SHAPE_REQUIRED',
  'SHAPE_INVALID',
  'COORDINATES_EMPTY',
  'COORDINATE_INVALID',
  'COORDINATES_OUTSIDE_INDIA',
  'COORDINATES_ONE_POINT',
  'RADIUS_REQUIRED',
  'RADIUS_OUT_OF_RANGE',
  'SIDE_REQUIRED',
  'SIDE_OUT_OF_RANGE',
  'POLYGON_TOO_FEW_POINTS',
  'POLYGON_TOO_MANY_POINTS',
  'POLYGON_SELF_INTERSECTS',
  'AREA_TOO_SMALL',
  'AREA_TOO_LARGE',
  'STATE_REQUIRED',
  'DISTRICT_REQUIRED',
  'DISTRICT_NOT_IN_STATE',
  'FIELD_NOT_ALLOWED',
] as const;
export const GEOFENCES_PAGE_SIZE_MAX = 100;

/** Codes of their own: a person's name (NAME_INVALID) takes letters only, a geofence's digits, _ and - too. */
export const geofenceName = z
  .string()
  .min(1, 'GEOFENCE_NAME_REQUIRED')
  .max(GEOFENCE_NAME_MAX, 'GEOFENCE_NAME_TOO_LONG')
  .regex(GEOFENCE_NAME_PATTERN, 'GEOFENCE_NAME_INVALID');

/** Names compare case-insensitively: "Farm-1" and "farm-1" are the same geofence name. */
export const geofenceNameKey = (name: string) => name.toLowerCase();

/** A point as the API writes it (the spec's latitude / longitude, as alerts and places have). */
export const coordinate = z.strictObject({
  latitude: z.number('COORDINATE_INVALID').min(-90, 'COORDINATE_INVALID').max(90, 'COORDINATE_INVALID'),
  longitude: z.number('COORDINATE_INVALID').min(-180, 'COORDINATE_INVALID').max(180, 'COORDINATE_INVALID'),
});
export type Coordinate = z.infer<typeof coordinate>;

export const toLatLon = (c: Coordinate): LatLon => ({ lat: c.latitude, lon: c.longitude });
export const toCoordinate = (p: LatLon): Coordinate => ({ latitude: p.lat, longitude: p.lon });

const inIndia = (c: Coordinate) =>
  c.latitude >= INDIA_BOUNDS.south && c.latitude <= INDIA_BOUNDS.north && c.longitude >= INDIA_BOUNDS.west && c.longitude <= INDIA_BOUNDS.east;

/** A state or district name as the lists give it. */
export const boundaryName = (required: string) => z.string().trim().min(1, required).max(BOUNDARY_NAME_MAX, 'TOO_LONG');

/** What a geofence is (PUT replaces all of it); which tractors it watches and whether it is active have their own routes. */
const definitionShape = {
  name: geofenceName,
  type: z.enum(GEOFENCE_TYPES, 'GEOFENCE_TYPE_INVALID'),
  /** custom only. */
  shape: z.enum(GEOFENCE_SHAPES, 'SHAPE_INVALID').optional(),
  /** custom only: circle and square, [centre]; polygon, its corners (a closing point is dropped). */
  coordinates: z
    .array(coordinate)
    .max(GEOFENCE_POLYGON_POINTS.max + 1, 'POLYGON_TOO_MANY_POINTS')
    .optional(),
  /** circle only, metres. */
  radiusM: z.number('TYPE_INVALID').optional(),
  /** square only, metres. */
  sideM: z.number('TYPE_INVALID').optional(),
  /** state and district: a name from GET geofences/states. */
  state: boundaryName('STATE_REQUIRED').optional(),
  /** district only: a name from GET geofences/states/{state}/districts. */
  district: boundaryName('DISTRICT_REQUIRED').optional(),
  /** Alert A0109 when a watched tractor comes in (default on). */
  alertOnEntry: z.boolean().default(true),
  /** Alert A0110 when a watched tractor leaves (default on). */
  alertOnExit: z.boolean().default(true),
};

type Definition = z.infer<z.ZodObject<typeof definitionShape>>;

/** Which fields each kind takes; any other of the optional fields is FIELD_NOT_ALLOWED. */
const FIELDS_OF: Record<string, readonly (keyof Definition)[]> = {
  circle: ['shape', 'coordinates', 'radiusM'],
  square: ['shape', 'coordinates', 'sideM'],
  polygon: ['shape', 'coordinates'],
  custom: ['shape', 'coordinates'],
  state: ['state'],
  district: ['state', 'district'],
};
const OPTIONAL_FIELDS = ['shape', 'coordinates', 'radiusM', 'sideM', 'state', 'district'] as const;

function within(value: number | undefined, bounds: { min: number; max: number }, path: string, required: string, range: string, ctx: z.RefinementCtx) {
  if (value === undefined) ctx.addIssue({ code: 'custom', message: required, path: [path] });
  else if (!(value >= bounds.min && value <= bounds.max)) ctx.addIssue({ code: 'custom', message: range, path: [path] });
}

/** A drawn polygon's corners: enough of them, not crossing, of a sane size. */
function checkPolygon(points: readonly Coordinate[], ctx: z.RefinementCtx) {
  const ring = normalizeRing(points.map(toLatLon));
  const issue = (message: string) => ctx.addIssue({ code: 'custom', message, path: ['coordinates'] });
  if (ring.length < GEOFENCE_POLYGON_POINTS.min) return issue('POLYGON_TOO_FEW_POINTS');
  if (ring.length > GEOFENCE_POLYGON_POINTS.max) return issue('POLYGON_TOO_MANY_POINTS');
  if (ringSelfIntersects(ring)) return issue('POLYGON_SELF_INTERSECTS');
  const area = ringAreaM2(ring);
  if (area < GEOFENCE_AREA_M2.min) return issue('AREA_TOO_SMALL');
  if (area > GEOFENCE_AREA_M2.max) return issue('AREA_TOO_LARGE');
}

/** The rules between fields (spec §5 "coordinates must not be empty" and the bounds above). */
function checkDefinition(d: Definition, ctx: z.RefinementCtx) {
  const kind = d.type === 'custom' ? (d.shape ?? 'custom') : d.type;
  const allowed = FIELDS_OF[kind] ?? [];
  for (const field of OPTIONAL_FIELDS) {
    if (d[field] !== undefined && !allowed.includes(field)) ctx.addIssue({ code: 'custom', message: 'FIELD_NOT_ALLOWED', path: [field] });
  }
  if (d.type === 'state' || d.type === 'district') {
    if (d.state === undefined) ctx.addIssue({ code: 'custom', message: 'STATE_REQUIRED', path: ['state'] });
    if (d.type === 'district' && d.district === undefined) ctx.addIssue({ code: 'custom', message: 'DISTRICT_REQUIRED', path: ['district'] });
    return;
  }
  if (d.shape === undefined) ctx.addIssue({ code: 'custom', message: 'SHAPE_REQUIRED', path: ['shape'] });
  const points = d.coordinates ?? [];
  if (points.length === 0) {
    ctx.addIssue({ code: 'custom', message: 'COORDINATES_EMPTY', path: ['coordinates'] });
    return;
  }
  if (!points.every(inIndia)) {
    ctx.addIssue({ code: 'custom', message: 'COORDINATES_OUTSIDE_INDIA', path: ['coordinates'] });
    return;
  }
  if (d.shape === 'circle' || d.shape === 'square') {
    if (points.length !== 1) ctx.addIssue({ code: 'custom', message: 'COORDINATES_ONE_POINT', path: ['coordinates'] });
    if (d.shape === 'circle') within(d.radiusM, GEOFENCE_RADIUS_M, 'radiusM', 'RADIUS_REQUIRED', 'RADIUS_OUT_OF_RANGE', ctx);
    else within(d.sideM, GEOFENCE_SIDE_M, 'sideM', 'SIDE_REQUIRED', 'SIDE_OUT_OF_RANGE', ctx);
  } else if (d.shape === 'polygon') checkPolygon(points, ctx);
}

/** PUT geofences/{id}: the whole definition. */
export const geofenceDefinition = z.strictObject(definitionShape).superRefine(checkDefinition);
export type GeofenceDefinition = z.infer<typeof geofenceDefinition>;

const vinList = z.array(z.string().min(1, 'REQUIRED').max(64, 'TOO_LONG')).max(GEOFENCE_TRACTORS_MAX, 'TOO_LONG');

/** POST geofences: the definition, and optionally the tractors it watches (default none) and whether it is active (default yes). */
export const createGeofenceRequest = z
  .strictObject({ ...definitionShape, vins: vinList.optional(), active: z.boolean().default(true) })
  .superRefine(checkDefinition);
export type CreateGeofenceRequest = z.infer<typeof createGeofenceRequest>;

/** PUT geofences/{id}/tractors: the owner's tractors it watches, replacing the list (a VIN not theirs: NOT_FOUND). */
export const assignTractorsRequest = z.strictObject({ vins: vinList });

/** PUT geofences/{id}/active (spec §4: active or inactive). An inactive geofence raises no alert. */
export const geofenceActiveRequest = z.strictObject({ active: z.boolean('TYPE_INVALID') });

export const geofenceIdParams = z.strictObject({ id: z.string().min(1).max(64) });

const pageParam = z.string().regex(/^[1-9]\d{0,5}$/, 'TYPE_INVALID');
/** GET geofences: the owner's geofences, newest first; vin narrows to those watching one tractor. */
export const geofencesQuery = z.strictObject({
  page: pageParam.optional(),
  pageSize: pageParam.refine((v) => Number(v) <= GEOFENCES_PAGE_SIZE_MAX, 'TOO_LONG').optional(),
  vin: z.string().min(1).max(64).optional(),
  active: z.enum(['true', 'false']).optional(),
  isSec,
});
export type GeofencesQuery = z.infer<typeof geofencesQuery>;

export const bounds = z.object({ south: z.number(), west: z.number(), north: z.number(), east: z.number() });

/** Spec §3 Geofence as the API answers it. */
export const geofence = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(GEOFENCE_TYPES),
  /** null for state and district. */
  shape: z.enum(GEOFENCE_SHAPES).nullable(),
  /** As given: circle and square [centre], polygon its corners (open ring); [] for state and district. */
  coordinates: z.array(coordinate),
  radiusM: z.number().nullable(),
  sideM: z.number().nullable(),
  state: z.string().nullable(),
  district: z.string().nullable(),
  /** The area's box: fit the map to it (a square's box is the square). */
  bounds,
  areaM2: z.number(),
  /** The tractors it watches. */
  vins: z.array(z.string()),
  active: z.boolean(),
  alertOnEntry: z.boolean(),
  alertOnExit: z.boolean(),
  /** Epoch s. */
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type Geofence = z.infer<typeof geofence>;

export const geofenceListResponse = z.object({
  data: z.array(geofence),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  /** GEOFENCES_PER_OWNER_MAX: the create button can say how many are left. */
  limit: z.number().int(),
});
export type GeofenceListResponse = z.infer<typeof geofenceListResponse>;

/**
 * A place's name in the app's other languages, as its boundary file gave them (`name:hi` …; often
 * none): the app shows it first, then its own catalogue's, then the official English name.
 */
export const placeNames = z.partialRecord(z.enum(LANGUAGE_CODES), z.string());
export type PlaceNames = z.infer<typeof placeNames>;

/** GET geofences/states: the states with loaded boundaries; `boundary` says whether a state geofence is possible. */
export const geofenceStatesResponse = z.object({
  data: z.array(z.object({ state: z.string(), names: placeNames, boundary: z.boolean(), districts: z.number().int() })),
});
export type GeofenceStatesResponse = z.infer<typeof geofenceStatesResponse>;

export const stateParams = z.strictObject({ state: boundaryName('STATE_REQUIRED') });
export const districtParams = z.strictObject({ state: boundaryName('STATE_REQUIRED'), district: boundaryName('DISTRICT_REQUIRED') });

/** GET geofences/states/{state}/districts (spec §5: a district only from the selected state). */
export const geofenceDistrictsResponse = z.object({
  state: z.string(),
  data: z.array(z.object({ district: z.string(), names: placeNames, bounds })),
});
export type GeofenceDistrictsResponse = z.infer<typeof geofenceDistrictsResponse>;

/** GET geofences/states/{state}[/districts/{district}]/outline: the boundary to draw (GeoJSON, [lon, lat]), simplified for a phone. */
export const boundaryOutlineResponse = z.object({
  state: z.string(),
  district: z.string().nullable(),
  bounds,
  areaM2: z.number(),
  geometry: z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(z.array(z.tuple([z.number(), z.number()])))) }),
});
export type BoundaryOutlineResponse = z.infer<typeof boundaryOutlineResponse>;

/** A custom geofence's area, worked out from a valid definition. */
export type CustomArea =
  | { shape: 'circle'; center: LatLon; radiusM: number }
  | { shape: 'square'; center: LatLon; sideM: number; ring: LatLon[] }
  | { shape: 'polygon'; ring: LatLon[] };

/** The area of a custom definition that passed the schema (undefined for state and district). */
export function customArea(d: Pick<GeofenceDefinition, 'type' | 'shape' | 'coordinates' | 'radiusM' | 'sideM'>): CustomArea | undefined {
  const first = d.coordinates?.[0];
  if (d.type !== 'custom' || !first) return undefined;
  if (d.shape === 'circle') return { shape: 'circle', center: toLatLon(first), radiusM: d.radiusM ?? 0 };
  if (d.shape === 'square') return { shape: 'square', center: toLatLon(first), sideM: d.sideM ?? 0, ring: squareCorners(toLatLon(first), d.sideM ?? 0) };
  if (d.shape === 'polygon') return { shape: 'polygon', ring: normalizeRing((d.coordinates ?? []).map(toLatLon)) };
  return undefined;
}

export function customAreaM2(area: CustomArea): number {
  return area.shape === 'circle' ? circleAreaM2(area.radiusM) : ringAreaM2(area.ring);
}
