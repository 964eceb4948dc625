import { istMidnight } from '@tractorlink/domain/time';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/types';

export interface UsageTotals {
  engineS: number;
  ptoS: number;
  workM: number;
  areaM2: number;
  roadM: number;
  distanceM: number;
  rpmS: number;
}

/** A tractor's derived figures summed over its hourly rows: all of them, or one IST day's ('YYYY-MM-DD'). 0 where none. */
export async function usageTotals(db: Kysely<Database>, tractorId: string, day?: string): Promise<UsageTotals> {
  let query = db
    .selectFrom('usage_hourly')
    .select((eb) => [
      eb.fn.sum<number>('engine_s').as('engineS'),
      eb.fn.sum<number>('pto_s').as('ptoS'),
      eb.fn.sum<number>('work_m').as('workM'),
      eb.fn.sum<number>('area_m2').as('areaM2'),
      eb.fn.sum<number>('road_m').as('roadM'),
      eb.fn.sum<number>('distance_m').as('distanceM'),
      eb.fn.sum<number>('rpm_s').as('rpmS'),
    ])
    .where('tractor_id', '=', tractorId);
  if (day) query = query.where('hour_start', '>=', istMidnight(day)).where('hour_start', '<', istMidnight(day) + 86_400_000);
  const s = await query.executeTakeFirstOrThrow();
  const n = (v: number | string | null) => Number(v ?? 0);
  return {
    engineS: n(s.engineS),
    ptoS: n(s.ptoS),
    workM: n(s.workM),
    areaM2: n(s.areaM2),
    roadM: n(s.roadM),
    distanceM: n(s.distanceM),
    rpmS: n(s.rpmS),
  };
}
