import type { Kysely } from 'kysely';
import type { CompiledArea } from '@tractorlink/domain/geofence-geometry';
import type { Database } from '../../db/types';
import { compileBoundary } from '../geofences/area';

/** Compiled district shapes by id and version (a re-import changes the version); bounded. */
const compiled = new Map<string, CompiledArea>();
const COMPILED_MAX = 200;

/**
 * The district of the farm (issue 15): the loaded district boundary containing the pin, else the
 * city of the vehicle entry (dealers name districts; the registered city is the best guess left).
 */
export async function districtOf(db: Kysely<Database>, position: { lat: number; lng: number } | null, city: string): Promise<string | null> {
  if (position) {
    const candidates = await db
      .selectFrom('geofence_boundaries')
      .select(['id', 'version', 'district', 'geometry'])
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
      if (area.contains(position.lat, position.lng)) return b.district;
    }
  }
  return city.trim() === '' ? null : city.trim();
}
