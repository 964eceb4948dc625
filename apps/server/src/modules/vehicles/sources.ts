import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { UsageSources } from '@tractorlink/domain/usage';
import type { Database } from '../../db/types';
import type { LiveState } from './live-state';
import type { TractorWithState } from './repo';

/** Whether any hourly rollup of the tractor has a positive value in `column`. */
const anyHour = (tractorId: string, column: 'distance_m' | 'pto_s' | 'rpm_s' | 'fuel_counter_l') =>
  sql<number | boolean>`EXISTS (SELECT 1 FROM usage_hourly WHERE tractor_id = ${tractorId} AND ${sql.ref(column)} > 0)`;

/**
 * What the tractor's device has ever shown it measures, read on each request rather than kept on
 * the ingest path: the saved state answers most, and one query over the hourly rollups the rest
 * (their EXISTS stops at the first hour that has it). Once true, a source stays true.
 */
export async function usageSources(db: Kysely<Database>, t: TractorWithState, s: LiveState): Promise<UsageSources> {
  const last = s.last;
  const known = {
    gps: s.fix !== undefined,
    // A device that reports its PTO input, on or off, measures it: off all day is a true 0.
    pto: last?.pto !== undefined,
    rpm: last?.rpm !== undefined,
    fuel: s.hasFuelSensor || last?.fuelUsedLitres !== undefined,
  };
  if (known.gps && known.pto && known.rpm && known.fuel) return known;
  const id = t.tractor.id;
  const row = await db
    .selectNoFrom([
      anyHour(id, 'distance_m').as('gps'),
      anyHour(id, 'pto_s').as('pto'),
      anyHour(id, 'rpm_s').as('rpm'),
      anyHour(id, 'fuel_counter_l').as('fuel'),
    ])
    .executeTakeFirstOrThrow();
  return {
    // SQLite answers 0/1, PostgreSQL a boolean.
    gps: known.gps || Boolean(row.gps),
    pto: known.pto || Boolean(row.pto),
    rpm: known.rpm || Boolean(row.rpm),
    fuel: known.fuel || Boolean(row.fuel),
  };
}
