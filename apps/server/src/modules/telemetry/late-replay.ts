import { decodeRulesState, type EncodedRulesState, encodeRulesState } from '@tractorlink/domain/alert-rules/codec';
import type { AlertRow, AlertRulesState, RaisedAlert } from '@tractorlink/domain/alert-rules/types';
import { alertType, isAlertTypeId } from '@tractorlink/domain/alerts-catalog';
import { DAY_MS, istDayStart } from '@tractorlink/domain/time';
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

/** A record dated this far past its receipt was dated by a clock running ahead. */
const AHEAD_MS = 30_000;
/** A record received this long after its date was held back (a backlog) or dated by a clock running behind. */
const BEHIND_MS = 10 * 60_000;
/** Late records trickling in for this long, dated no faster than they come, are a slow clock's, not a backlog. */
const TRICKLE_MS = 2 * 60_000;

/**
 * The rows (in device-time order) without the repeats of a device clock that was stepped:
 * - Ahead (set right by GPS): rows dated before rows it had sent already, dated ahead of their
 *   receipt. Live processing skipped them as late, and processed in device-time order among those
 *   earlier ones they would zigzag the track and count the overlap twice.
 * - Behind (a reboot that restored an old time, until the GNSS fix): rows sent live but dated well
 *   before ones sent already, among which they would zigzag the same way. A backlog comes in a burst
 *   (hours of records in seconds or minutes), or newest first; a slow clock's rows trickle in for
 *   minutes, their dates advancing with the clock and no faster (a run of late rows received one
 *   after another).
 * A backlog's late rows all stay. The rows themselves when none is a repeat (the usual case).
 */
export function withoutClockStep<R extends { device_time: number; received_at: number }>(rows: R[]): R[] {
  const ahead = (r: R) => Number(r.device_time) > Number(r.received_at) + AHEAD_MS;
  const behind = (r: R) => Number(r.received_at) - Number(r.device_time) > BEHIND_MS;
  const byReceipt = rows.map((_, i) => i);
  byReceipt.sort((a, b) => Number((rows[a] as R).received_at) - Number((rows[b] as R).received_at) || a - b);
  const repeated = new Set<number>();
  let newest = Number.NEGATIVE_INFINITY;
  let newestAhead = false;
  let run: number[] = [];
  const endRun = () => {
    if (run.length > 1) {
      // A loop, not Math.max(...): a backlog's run may hold more rows than a call takes arguments.
      const span = (f: (r: R) => number) => {
        let low = Number.POSITIVE_INFINITY;
        let high = Number.NEGATIVE_INFINITY;
        for (const i of run) {
          const v = f(rows[i] as R);
          if (v < low) low = v;
          if (v > high) high = v;
        }
        return high - low;
      };
      const received = span((r) => Number(r.received_at));
      // Dated forward as they come (a backlog sent newest first goes back in time), no faster than the clock.
      const forward = Number((rows[run.at(-1) as number] as R).device_time) - Number((rows[run[0] as number] as R).device_time);
      if (received >= TRICKLE_MS && forward >= received / 2 && span((r) => Number(r.device_time)) <= received * 1.5) for (const i of run) repeated.add(i);
    }
    run = [];
  };
  for (const i of byReceipt) {
    const r = rows[i] as R;
    const time = Number(r.device_time);
    if (time > newest) {
      endRun();
      newest = time;
      newestAhead = ahead(r);
    } else if (newestAhead) repeated.add(i);
    else if (behind(r)) run.push(i);
    else endRun();
  }
  endRun();
  return repeated.size === 0 ? rows : rows.filter((_, i) => !repeated.has(i));
}

interface StoredAlert {
  id: string;
  type_id: string;
  time_ms: number;
  geofence_id: string | null;
}

/**
 * The replay's alerts against the stored ones, each stored alert matching at most one: a replayed
 * alert with a stored one of its type (and geofence) within SAME_ALERT_MS is already known. A stored
 * alert dated in the redone span that the replay does not raise was raised out of order: it is moved
 * to a replayed alert of its type that matched nothing (the owner keeps the one alert, dated right),
 * else withdrawn. Service reminders are left alone: the replay starts from the stage already reached.
 */
export function reconcileAlerts(
  raised: readonly RaisedAlert[],
  stored: readonly StoredAlert[],
  redone: { after: number; to: number },
): { inserted: RaisedAlert[]; moved: { id: string; alert: RaisedAlert }[]; withdrawn: string[] } {
  const same = (k: StoredAlert, a: RaisedAlert) => k.type_id === a.typeId && (k.geofence_id ?? undefined) === a.geofenceId;
  const unmatched = new Set(stored);
  const unknown: RaisedAlert[] = [];
  for (const a of raised) {
    let match: StoredAlert | undefined;
    for (const k of unmatched)
      if (
        same(k, a) &&
        Math.abs(Number(k.time_ms) - a.time) <= SAME_ALERT_MS &&
        (!match || Math.abs(Number(k.time_ms) - a.time) < Math.abs(Number(match.time_ms) - a.time))
      )
        match = k;
    if (match) unmatched.delete(match);
    else unknown.push(a);
  }
  const stale = [...unmatched].filter(
    (k) => Number(k.time_ms) > redone.after && Number(k.time_ms) <= redone.to && isAlertTypeId(k.type_id) && alertType(k.type_id).source !== 'service',
  );
  const inserted: RaisedAlert[] = [];
  const moved: { id: string; alert: RaisedAlert }[] = [];
  for (const a of unknown) {
    const i = stale.findIndex((k) => same(k, a));
    const k = stale[i];
    if (k) {
      moved.push({ id: k.id, alert: a });
      stale.splice(i, 1);
    } else inserted.push(a);
  }
  return { inserted, moved, withdrawn: stale.map((k) => k.id) };
}

export interface ReplayOptions {
  /** Most stored rows a replay reads (MAX_REPLAY_ROWS); past it the day-by-day rebuild takes over. */
  maxRows?: number;
}

/**
 * Late records, replayed in device-time order. A device that was out of coverage sends its
 * memory when it reconnects, often newest first: the newest record is processed live and every
 * older one arrives late. They are stored at once; once they stop coming, the tractor's history
 * from the start of the IST day of the record before the earliest late one through its newest record is run again
 * through a fresh processor, with the alert rules, as if it had arrived in order:
 * - the hourly figures from that day on are replaced, today's included;
 * - alerts the replay raises that were not raised before are stored, each at the device time it
 *   happened; ones already stored (the same type within half an hour) are not repeated; alerts the
 *   live processing raised on the backlog's newest frame, which saw a jump over the missing hours
 *   (a theft dated this morning), are moved to the replay's time or withdrawn (reconcileAlerts);
 * - the replayed processor becomes the tractor's live one.
 * The caller makes sure no batch of the same tractor commits meanwhile (see Ingestor).
 */
export async function replayLate(
  db: Kysely<Database>,
  current: TractorProcessor,
  from: number,
  now: number,
  alerts?: AlertHook,
  { maxRows = MAX_REPLAY_ROWS }: ReplayOptions = {},
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
  if (Number(count.n) > maxRows) {
    // Left to the day-by-day rebuild (rebuild-days.ts), which redoes the days marked dirty: ingestion
    // marked the late records' own days; the days from the record before them up to the earliest
    // one's (the evening before, a silent night) hold that interval's usage as it was processed live.
    const lastDay = istDayStart(from);
    const days = [];
    for (let day = dayStart; day < lastDay; day += DAY_MS) days.push({ tractor_id: profile.id, day_start: day });
    if (days.length > 0)
      await db
        .insertInto('usage_dirty_days')
        .values(days)
        .onConflict((oc) => oc.doNothing())
        .execute();
    return undefined;
  }

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
  const result = replayed.process(withoutClockStep(rows).map(rowToReading));

  const known = await db
    .selectFrom('alerts')
    .select(['id', 'type_id', 'time_ms', 'geofence_id'])
    .where('tractor_id', '=', profile.id)
    .where('time_ms', '>=', dayStart - SAME_ALERT_MS)
    .orderBy('time_ms')
    .execute();
  // Everything after the last record processed in order was processed out of order (the backlog's
  // newest frame live, the rest not at all): the replay is the truth for alerts dated after it.
  const redone = { after: prior ? Number(prior.device_time) : dayStart - 1, to: replayed.last?.time ?? now };
  const { inserted, moved, withdrawn } = reconcileAlerts(result.alerts, known, redone);
  const fresh: AlertRow[] = inserted.map((a) => ({ id: alertId(now), tractorId: profile.id, ...a, createdAt: now }));

  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('usage_hourly').where('tractor_id', '=', profile.id).where('hour_start', '>=', dayStart).execute();
    // An interval from the evening before that crosses midnight keeps its evening part where it is.
    const hours = [...result.hours].filter(([hourStart]) => hourStart >= dayStart).map(([hourStart, totals]) => usageRow(profile.id, hourStart, totals));
    if (hours.length > 0) await tx.insertInto('usage_hourly').values(hours).execute();
    if (fresh.length > 0 && alerts) await alerts.writer.write(tx, fresh);
    if ((moved.length > 0 || withdrawn.length > 0) && alerts) await alerts.writer.revise(tx, moved, withdrawn);
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
