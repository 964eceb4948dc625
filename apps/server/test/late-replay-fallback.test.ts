import type { Reading } from '@tractorlink/domain/telemetry';
import { DAY_MS, istMidnight } from '@tractorlink/domain/time';
import { describe, expect, it } from 'vitest';
import { type SimCarry, DEVICE_CADENCE, oneFieldFarm, simulateDay } from '../src/sim/farm-day';
import { sampleToReading } from '../src/sim/to-reading';
import { Ingestor } from '../src/modules/telemetry/ingestor';
import { replayLate } from '../src/modules/telemetry/late-replay';
import { processorLoader } from '../src/modules/telemetry/load-processor';
import { rebuildDirtyDays } from '../src/modules/telemetry/rebuild-days';
import { postgresTelemetryStore, sqliteTelemetryStore } from '../src/modules/telemetry/store';
import { FARM } from './support/alerts';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { provisionTractor } from './support/tractors';

/**
 * The day-by-day rebuild that takes over from a late replay reading more than its row limit
 * (late-replay.ts maxRows, small here). A device in order on the 18th goes silent in the evening,
 * out of coverage through the 19th and 20th, and empties its memory newest first: the newest frame,
 * processed live, closed the interval from the 18th's last record, whose worktime counter jump (two
 * days' engine time) went right after that record, into the evening of the 18th. The rebuild redoes
 * that evening too, so every day's engine minutes are those of the same records arriving in order.
 */
const FRAME = 50;
const DATES = ['2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21'] as const;

const profile = oneFieldFarm(
  '860000000000301',
  FARM,
  { eastM: 950, northM: 1200, lengthM: 400, widthM: 120, headingDeg: 15, slopePercent: 8 },
  { implementWidthM: 1.8, tankCapacityL: 55 },
);

function simulatedDays(): Reading[][] {
  let carry: SimCarry = { fuelL: 50, engineMin: 150 * 60, odometerM: 0, position: FARM };
  return DATES.map((date) => {
    const day = simulateDay(profile, carry, date, { cadence: DEVICE_CADENCE });
    carry = day.carry;
    return day.samples.map(sampleToReading);
  });
}

function frames<T>(records: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < records.length; i += FRAME) out.push(records.slice(i, i + FRAME));
  return out;
}

describe.each(dbTargets)('late replay past its row limit, rebuilt day by day, $name', (target) => {
  const t = useTestApp(target);

  it('a backlog after a silent night: every day’s engine minutes equal those of in-order arrival, the evening before included', {
    timeout: 120_000,
  }, async () => {
    const { db } = t.database;
    t.clock.set(istMidnight('2026-11-22') + 6 * 3600_000);
    const store = db.sqlite ? sqliteTelemetryStore(db.sqlite) : postgresTelemetryStore(db.kysely);
    const ingestor = new Ingestor(store, processorLoader(db.kysely), t.clock, {
      replay: (current, from, now) => replayLate(db.kysely, current, from, now, undefined, { maxRows: 100 }),
    });
    const inOrder = await provisionTractor(db.kysely);
    const late = await provisionTractor(db.kysely);
    const profileOf = (row: typeof inOrder) => ({ id: row.id, implementWidthM: row.implement_width_m, tankCapacityL: row.tank_capacity_l });
    const submit = (row: typeof inOrder, readings: readonly Reading[]) =>
      ingestor.submit(
        profileOf(row),
        readings.map((reading) => ({ reading })),
      );
    const [whole18, day19, day20, day21] = simulatedDays() as [Reading[], Reading[], Reading[], Reading[]];
    // Silent from 18:00 on the 18th (the device lost coverage in the evening).
    const day18 = whole18.filter((r) => r.time < istMidnight('2026-11-18') + 18 * 3600_000);

    for (const frame of frames([...day18, ...day19, ...day20, ...day21])) await submit(inOrder, frame);
    for (const frame of frames(day18)) await submit(late, frame);
    // Back in coverage: the memory of the 19th and 20th newest first, then the 21st as it happens.
    for (const frame of frames([...day19, ...day20].reverse())) await submit(late, frame);
    for (const frame of frames(day21)) await submit(late, frame);

    // Far more than 100 rows to replay: left to the day-by-day rebuild, with the evening before marked too.
    expect(await ingestor.replayDue(0)).toBe(0);
    const dirty = await db.kysely.selectFrom('usage_dirty_days').select('day_start').where('tractor_id', '=', late.id).orderBy('day_start').execute();
    expect(dirty.map((d) => Number(d.day_start))).toEqual(DATES.slice(0, 3).map(istMidnight));

    while ((await rebuildDirtyDays(db.kysely)) > 0);
    expect(await db.kysely.selectFrom('usage_dirty_days').selectAll().execute()).toEqual([]);

    const engineMinutes = async (tractorId: string, date: string) => {
      const row = await db.kysely
        .selectFrom('usage_hourly')
        .select((eb) => eb.fn.sum<number>('engine_s').as('s'))
        .where('tractor_id', '=', tractorId)
        .where('hour_start', '>=', istMidnight(date))
        .where('hour_start', '<', istMidnight(date) + DAY_MS)
        .executeTakeFirstOrThrow();
      return Number(row.s ?? 0) / 60;
    };
    for (const date of DATES) {
      const expected = await engineMinutes(inOrder.id, date);
      expect(expected, `${date} is a working day`).toBeGreaterThan(60);
      expect(await engineMinutes(late.id, date), date).toBeCloseTo(expected, 1);
    }
  });
});
