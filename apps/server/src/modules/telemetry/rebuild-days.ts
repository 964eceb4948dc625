import { istDayStart } from '@tractorlink/domain/time';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { withoutClockStep } from './late-replay';
import { rowToReading } from './load-processor';
import { TractorProcessor, type TractorProfile } from './processor';
import { usageRow } from './usage-row';

const DAY_MS = 24 * 3600_000;

/**
 * Rebuilds the hourly rollups of days that received records older than ones already processed
 * (a device emptying its backlog newest first after a coverage gap). A day is the pure result of
 * its raw records (and the last record before it), so it is replayed through a fresh processor
 * and its hours replaced. Only days before the tractor's current day are rebuilt, so live
 * ingestion, which only adds to the current day, never races a rebuild.
 *
 * Safe with several instances on one database: each day's transaction first claims it by deleting
 * its dirty mark, and a day whose mark another instance took is left to that one. A late record
 * stored during the rebuild marks the day dirty again, so it is rebuilt once more.
 */
export async function rebuildDirtyDays(db: Kysely<Database>, limit = 20): Promise<number> {
  const dirty = await db
    .selectFrom('usage_dirty_days as d')
    .innerJoin('tractor_state as s', 's.tractor_id', 'd.tractor_id')
    .innerJoin('tractors as t', 't.id', 'd.tractor_id')
    .select(['d.tractor_id', 'd.day_start', 's.last_time', 't.implement_width_m', 't.tank_capacity_l'])
    .orderBy('d.day_start')
    .limit(limit)
    .execute();
  let rebuilt = 0;
  for (const d of dirty) {
    const dayStart = Number(d.day_start);
    if (dayStart >= istDayStart(Number(d.last_time))) continue;
    const profile: TractorProfile = { id: d.tractor_id, implementWidthM: d.implement_width_m, tankCapacityL: d.tank_capacity_l };
    const claimed = await db.transaction().execute(async (tx) => {
      const claim = await tx.deleteFrom('usage_dirty_days').where('tractor_id', '=', d.tractor_id).where('day_start', '=', dayStart).executeTakeFirst();
      if (Number(claim.numDeletedRows) === 0) return false;
      const before = await tx
        .selectFrom('telemetry')
        .selectAll()
        .where('tractor_id', '=', d.tractor_id)
        .where('device_time', '<', dayStart)
        .orderBy('device_time', 'desc')
        .limit(1)
        .executeTakeFirst();
      const rows = await tx
        .selectFrom('telemetry')
        .selectAll()
        .where('tractor_id', '=', d.tractor_id)
        .where('device_time', '>=', dayStart)
        .where('device_time', '<', dayStart + DAY_MS)
        .orderBy('device_time')
        .execute();
      // The first record after the day closes the day's last interval, as it did when processed live.
      const after = await tx
        .selectFrom('telemetry')
        .selectAll()
        .where('tractor_id', '=', d.tractor_id)
        .where('device_time', '>=', dayStart + DAY_MS)
        .orderBy('device_time')
        .limit(1)
        .executeTakeFirst();
      const processor = new TractorProcessor(profile, before ? rowToReading(before) : undefined);
      // As the replay: a device clock stepped back does not interleave its records (late-replay.ts).
      const { hours, refuels } = processor.process(withoutClockStep([...rows, ...(after ? [after] : [])]).map(rowToReading));
      // Only hours of this day: an interval from the evening before that crosses midnight keeps
      // its evening part where it already is.
      await tx
        .deleteFrom('usage_hourly')
        .where('tractor_id', '=', d.tractor_id)
        .where('hour_start', '>=', dayStart)
        .where('hour_start', '<', dayStart + DAY_MS)
        .execute();
      const values = [...hours]
        .filter(([hourStart]) => hourStart >= dayStart && hourStart < dayStart + DAY_MS)
        .map(([hourStart, totals]) => usageRow(d.tractor_id, hourStart, totals));
      if (values.length > 0) await tx.insertInto('usage_hourly').values(values).execute();
      await tx
        .deleteFrom('refuels')
        .where('tractor_id', '=', d.tractor_id)
        .where('start_ms', '>=', dayStart)
        .where('start_ms', '<', dayStart + DAY_MS)
        .execute();
      const dayRefuels = refuels
        .filter((r) => r.start >= dayStart && r.start < dayStart + DAY_MS)
        .map((r) => ({ tractor_id: d.tractor_id, start_ms: r.start, litres: r.litres }));
      if (dayRefuels.length > 0) await tx.insertInto('refuels').values(dayRefuels).execute();
      return true;
    });
    if (claimed) rebuilt++;
  }
  return rebuilt;
}
