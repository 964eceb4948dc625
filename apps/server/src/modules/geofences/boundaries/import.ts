import { readFile } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/types';
import { type FeatureRefusal, type ParsedBoundary, type ParseOptions, parseBoundaries } from './parse';
import { countBoundaries, removeUnusedDemoBoundaries, upsertBoundary } from './repo';

export interface ImportReport {
  imported: ParsedBoundary[];
  refused: FeatureRefusal[];
  /** Demo shapes removed because real boundaries arrived. */
  demoRemoved: number;
}

/**
 * Stores the boundaries a GeoJSON document holds (each one on its own: a refused feature does not
 * stop the others). Real data replaces the bundled demo shapes no geofence uses.
 */
export async function importBoundaries(db: Kysely<Database>, doc: unknown, options: ParseOptions, source: string): Promise<ImportReport> {
  const { boundaries, refused } = parseBoundaries(doc, options);
  for (const b of boundaries) await upsertBoundary(db, b, source);
  const demoRemoved = source !== DEMO_SOURCE && boundaries.length > 0 ? await removeUnusedDemoBoundaries(db) : 0;
  return { imported: boundaries, refused, demoRemoved };
}

export const DEMO_SOURCE = 'demo';
/** The approximate demo shapes (Maharashtra; Nashik, Ahmednagar, Pune; Dang in Gujarat), in DataMeet's property names. */
// Next to this module, or next to the server bundle, where scripts/server-build.mjs copies it.
export const DEMO_BOUNDARIES_FILE = new URL('./demo-boundaries.geojson', import.meta.url);
export const DEMO_PROPERTIES = { stateProperty: 'ST_NM', districtProperty: 'DISTRICT' } as const;

/** Loads the demo shapes when no boundary is loaded at all (development, demo and tests); true if it did. */
export async function seedDemoBoundaries(db: Kysely<Database>): Promise<boolean> {
  if ((await countBoundaries(db)) > 0) return false;
  const doc: unknown = JSON.parse(await readFile(DEMO_BOUNDARIES_FILE, 'utf8'));
  // The demo shapes are coarse already: kept as drawn.
  await importBoundaries(db, doc, { ...DEMO_PROPERTIES, toleranceM: 0 }, DEMO_SOURCE);
  return true;
}
