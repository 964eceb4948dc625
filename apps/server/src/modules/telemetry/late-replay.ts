import { decodeRulesState, type EncodedRulesState, encodeRulesState } from '@tractorlink/domain/alert-rules/codec';
import type { AlertRow, AlertRulesState } from '@tractorlink/domain/alert-rules/types';
import { istDayStart } from '@tractorlink/domain/time';
import type { Kysely } from 'kysely';
import { alertId } from '../../crypto/alert-id';
import type { Database } from '../../db/types';
import type { AlertHook } from './alert-hook';
import { rowToReading } from './load-processor';
import { TractorProcessor } from './processor';
import { usageRow } from './usage-row';

/** A replay reading more stored records than this is left to the day-by-day rebuild (figures only). */
export const MAX_REPLAY_ROWS = 200_000;
/** A replayed alert within this of a stored one of the same type (and geofence) is that alert again. */
const SAME_ALERT_MS = 30 * 60_000;

/**
 * The rules' state to replay from: what lasts (the service stage reached, so a reminder is not
 * raised again; whether the key input is wired; engine seconds, less those counted since the
 * replay's start) without what is tied to a moment (conditions holding since, a parked level, a
 * geofence side), which the replayed records rebuild in their own order.
 */
async function replayRulesState(db: Kysely<Database>, current: TractorProcessor, dayStart: number): Promise<EncodedRulesState> {
  const now = decodeRulesState(current.rulesState());
  const since = await db
    .selectFrom('usage_hourly')
    .select((eb) => eb.fn.sum<number>('engine_s').as('s'))
    .where('tractor_id', '=', current.profile.id)
    .where('hour_start', '>=', dayStart)
    .executeTakeFirst();
  const state: AlertRulesState = { held: {}, engineS: Math.max(0, now.engineS - Number(since?.s ?? 0)), keyWired: now.keyWired, service: now.service };
  return encodeRulesState(state);
}

/**
 * Late records, replayed in device-time order. A device that was out of coverage sends its
 * memory when it reconnects, often newest first: the newest record is processed live and every
 * older one arrives late. They are stored at once; once they stop coming, the tractor's history
 * from the start of the IST day of the record before the earliest late one through its newest record is run again
 * through a fresh processor, with the alert rules, as if it had arrived in order:
 * - the hourly figures from that day on are replaced, today's included;
 * - alerts the replay raises that were not raised before are stored, each at the device time it
 *   happened; ones already stored (the same type within half an hour) are not repeated;
 * - the replayed processor becomes the tractor's live one.
 * The caller makes sure no batch of the same tractor commits meanwhile (see Ingestor).
 */
export async function replayLate(
  db: Kysely<Database>,
  current: TractorProcessor,
  from: number,
  now: number,
  alerts?: AlertHook,
): Promise<{ processor: TractorProcessor; alerts: AlertRow[] } | undefined> {
  const { profile } = current;
  // The late records fall inside an interval processed live from the record before them, whose usage
  // went to that record's hours: perhaps an earlier day (a device silent overnight whose worktime
  // counter jumped across the gap). The replay starts on that record's day so those hours are redone.
  const prior = await db
    .selectFrom('telemetry')
    .select('device_time')
    .where('tractor_id', '=', profile.id)
    .where('device_time', '<', from)
    .orderBy('device_time', 'desc')
    .limit(1)
    .executeTakeFirst();
  const dayStart = istDayStart(prior ? Number(prior.device_time) : from);
  const count = await db
    .selectFrom('telemetry')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tractor_id', '=', profile.id)
    .where('device_time', '>=', dayStart)
    .executeTakeFirstOrThrow();
  if (Number(count.n) > MAX_REPLAY_ROWS) return undefined;

  const before = await db
    .selectFrom('telemetry')
    .selectAll()
    .where('tractor_id', '=', profile.id)
    .where('device_time', '<', dayStart)
    .orderBy('device_time', 'desc')
    .limit(1)
    .executeTakeFirst();
  const rows = await db
    .selectFrom('telemetry')
    .selectAll()
    .where('tractor_id', '=', profile.id)
    .where('device_time', '>=', dayStart)
    .orderBy('device_time')
    .execute();
  await alerts?.prepare([profile.id]);
  const rules = await alerts?.rulesFor(profile, await replayRulesState(db, current, dayStart), true);
  const replayed = new TractorProcessor(profile, before ? rowToReading(before) : undefined, { diesel: {} }, undefined, rules);
  const result = replayed.process(rows.map(rowToReading));

  const known = await db
    .selectFrom('alerts')
    .select(['type_id', 'time_ms', 'geofence_id'])
    .where('tractor_id', '=', profile.id)
    .where('time_ms', '>=', dayStart - SAME_ALERT_MS)
    .execute();
  const isKnown = (a: (typeof result.alerts)[number]) =>
    known.some((k) => k.type_id === a.typeId && (k.geofence_id ?? undefined) === a.geofenceId && Math.abs(Number(k.time_ms) - a.time) <= SAME_ALERT_MS);
  const fresh: AlertRow[] = result.alerts.filter((a) => !isKnown(a)).map((a) => ({ id: alertId(now), tractorId: profile.id, ...a, createdAt: now }));

  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('usage_hourly').where('tractor_id', '=', profile.id).where('hour_start', '>=', dayStart).execute();
    // An interval from the evening before that crosses midnight keeps its evening part where it is.
    const hours = [...result.hours].filter(([hourStart]) => hourStart >= dayStart).map(([hourStart, totals]) => usageRow(profile.id, hourStart, totals));
    if (hours.length > 0) await tx.insertInto('usage_hourly').values(hours).execute();
    if (fresh.length > 0 && alerts) await alerts.writer.write(tx, fresh);
    if (replayed.last) {
      await tx
        .updateTable('tractor_state')
        .set({
          last_time: replayed.last.time,
          last_reading: JSON.stringify(replayed.last),
          last_fix: replayed.state.lastFix ? JSON.stringify(replayed.state.lastFix) : null,
          processor: replayed.serialize(),
          version: Date.now(),
        })
        .where('tractor_id', '=', profile.id)
        .execute();
    }
    await tx.deleteFrom('refuels').where('tractor_id', '=', profile.id).where('start_ms', '>=', dayStart).execute();
    const refuels = result.refuels.filter((r) => r.start >= dayStart).map((r) => ({ tractor_id: profile.id, start_ms: r.start, litres: r.litres }));
    if (refuels.length > 0) await tx.insertInto('refuels').values(refuels).execute();
    await tx.deleteFrom('usage_dirty_days').where('tractor_id', '=', profile.id).where('day_start', '>=', dayStart).execute();
  });
  return { processor: replayed, alerts: fresh };
}
