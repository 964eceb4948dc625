import type { Kysely } from 'kysely';
import type { CompiledArea } from '@tractorlink/domain/geofence-geometry';
import type { PlaceNames } from '@tractorlink/domain/geofences';
import type { Database } from '../../db/types';
import { compileBoundary } from '../geofences/area';
import { nameKey } from '../geofences/boundaries/parse';
import { storedNames } from '../geofences/boundaries/repo';

/** Compiled district shapes by id and version (a re-import changes the version); bounded. */
const compiled = new Map<string, CompiledArea>();
const COMPILED_MAX = 200;

/** A district: its name as dealers are matched and bookings stored (English), and its boundary file's own names. */
export interface District {
  key: string;
  names: PlaceNames;
}

/**
 * The district of the farm (issue 15): the loaded district boundary containing the pin, else the
 * city of the vehicle entry (dealers name districts; the registered city is the best guess left).
 */
export async function districtOf(db: Kysely<Database>, position: { lat: number; lng: number } | null, city: string): Promise<District | null> {
  if (position) {
    const candidates = await db
      .selectFrom('geofence_boundaries')
      .select(['id', 'version', 'district', 'geometry', 'names'])
      .where('district_key', '!=', '')
      .where('south', '<=', position.lat)
      .where('north', '>=', position.lat)
      .where('west', '<=', position.lng)
      .where('east', '>=', position.lng)
      .limit(20)
      .execute();
    for (const b of candidates) {
      const cacheKey = `${b.id}:${b.version}`;
      let area = compiled.get(cacheKey);
      if (!area) {
        if (compiled.size >= COMPILED_MAX) compiled.clear();
        area = compileBoundary(b.geometry);
        compiled.set(cacheKey, area);
      }
      if (area.contains(position.lat, position.lng)) return { key: b.district, names: storedNames(b.names) };
    }
  }
  return city.trim() === '' ? null : { key: city.trim(), names: {} };
}

/**
 * The boundary files' own names of districts stored with bookings, by the stored name. A district
 * name found in two states (Aurangabad) answers the first that has names: they name one place.
 */
export async function storedDistrictNames(db: Kysely<Database>, districts: readonly string[]): Promise<Map<string, PlaceNames>> {
  const byKey = new Map(districts.map((d) => [nameKey(d), d]));
  const found = new Map<string, PlaceNames>();
  if (byKey.size === 0) return found;
  const rows = await db
    .selectFrom('geofence_boundaries')
    .select(['district_key', 'names'])
    .where('district_key', 'in', [...byKey.keys()])
    .execute();
  for (const row of rows) {
    const district = byKey.get(row.district_key);
    const names = storedNames(row.names);
    if (district !== undefined && Object.keys(names).length > 0 && !found.has(district)) found.set(district, names);
  }
  return found;
}
