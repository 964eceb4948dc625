import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import type { Place } from '../../providers/geocoder/geocoder';

export interface CacheKey {
  provider: string;
  language: string;
  latE3: number;
  lonE3: number;
}

/** The cached answer: a place, null for "nothing there", undefined when never asked. */
export async function readCached(db: Kysely<Database>, key: CacheKey): Promise<Place | null | undefined> {
  const row = await db
    .selectFrom('geocode_cache')
    .select(['found', 'name', 'district', 'state'])
    .where('provider', '=', key.provider)
    .where('language', '=', key.language)
    .where('lat_e3', '=', key.latE3)
    .where('lon_e3', '=', key.lonE3)
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.found !== 1 || row.district === null || row.state === null) return null;
  return { name: row.name, district: row.district, state: row.state };
}

export interface CacheEntry {
  key: CacheKey;
  /** undefined: the provider found nothing there. */
  place: Place | undefined;
  at: number;
}

/** Rows per INSERT (9 parameters each, far below either engine's limit). */
const ROWS_PER_STATEMENT = 200;

export async function writeCached(db: Kysely<Database>, entries: readonly CacheEntry[]): Promise<void> {
  for (let i = 0; i < entries.length; i += ROWS_PER_STATEMENT) {
    await db
      .insertInto('geocode_cache')
      .values(
        entries.slice(i, i + ROWS_PER_STATEMENT).map(({ key, place, at }) => ({
          provider: key.provider,
          language: key.language,
          lat_e3: key.latE3,
          lon_e3: key.lonE3,
          found: place ? 1 : 0,
          name: place?.name ?? null,
          district: place?.district ?? null,
          state: place?.state ?? null,
          created_at: at,
        })),
      )
      // Two instances asking at once: the first answer stays.
      .onConflict((oc) => oc.columns(['provider', 'language', 'lat_e3', 'lon_e3']).doNothing())
      .execute();
  }
}
