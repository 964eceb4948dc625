import type { UsageTotals } from '@tractorlink/domain/usage';
import type { Insertable } from 'kysely';
import type { UsageHourlyTable } from '../../db/types';

/** An hour's totals as a usage_hourly row, for the writers that replace hours (rebuild, replay). */
export function usageRow(tractorId: string, hourStart: number, t: UsageTotals): Insertable<UsageHourlyTable> {
  return {
    tractor_id: tractorId,
    hour_start: hourStart,
    engine_s: t.engineS,
    pto_s: t.ptoS,
    idle_s: t.idleS,
    work_m: t.workM,
    area_m2: t.areaM2,
    road_m: t.roadM,
    distance_m: t.distanceM,
    rpm_weighted: t.rpmWeighted,
    rpm_s: t.rpmS,
    fuel_net_l: t.fuelNetChangeL,
    fuel_refuel_l: t.fuelRefuelL,
    fuel_counter_l: t.fuelCounterL,
  };
}
