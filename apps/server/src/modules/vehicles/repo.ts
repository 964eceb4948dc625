import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { HOUR_MS, IST_OFFSET_MS } from '@tractorlink/domain/time';
import { emptyTotals, USAGE_FIELDS } from '@tractorlink/domain/usage';
import type { UsageTotals } from '@tractorlink/domain/usage';
import type { Database } from '../../db/types';
import { USAGE_COLUMNS } from '../telemetry/rows';
import { normaliseId } from '../tractors/repo';
import type { TractorRow } from '../tractors/repo';

/** A tractor with what ingestion last saved of it (no state until its first record). */
export interface TractorWithState {
  tractor: TractorRow;
  state: { lastTime: number; lastSeenAt: number; lastReading: string; lastFix: string | null; processor: string; version: number } | undefined;
  /** The owner's language, for the address. */
  language: string;
}

function withStateQuery(db: Kysely<Database>) {
  return db
    .selectFrom('tractors')
    .leftJoin('users', 'users.id', 'tractors.owner_user_id')
    .leftJoin('tractor_state', 'tractor_state.tractor_id', 'tractors.id')
    .selectAll('tractors')
    .select([
      'users.language as owner_language',
      'tractor_state.last_time as s_last_time',
      'tractor_state.last_seen_at as s_last_seen_at',
      'tractor_state.last_reading as s_last_reading',
      'tractor_state.last_fix as s_last_fix',
      'tractor_state.processor as s_processor',
      'tractor_state.version as s_version',
    ]);
}

const ownedQuery = (db: Kysely<Database>, userId: string) => withStateQuery(db).where('tractors.owner_user_id', '=', userId);

type OwnedRow = Awaited<ReturnType<ReturnType<typeof withStateQuery>['execute']>>[number];

function split(row: OwnedRow): TractorWithState {
  const { owner_language, s_last_time, s_last_seen_at, s_last_reading, s_last_fix, s_processor, s_version, ...tractor } = row;
  const state =
    s_last_time === null || s_last_reading === null || s_processor === null
      ? undefined
      : {
          lastTime: Number(s_last_time),
          lastSeenAt: Number(s_last_seen_at),
          lastReading: s_last_reading,
          lastFix: s_last_fix,
          processor: s_processor,
          version: Number(s_version),
        };
  return { tractor, state, language: owner_language ?? 'en' };
}

/** Any tractor by id with its state (the operator's view; owners go through findOwnedWithState). */
export async function findWithStateById(db: Kysely<Database>, tractorId: string): Promise<TractorWithState | undefined> {
  const row = await withStateQuery(db).where('tractors.id', '=', tractorId).executeTakeFirst();
  return row ? split(row) : undefined;
}

/** The owner's tractor with this VIN and its state; undefined for a VIN they do not own (or that does not exist). */
export async function findOwnedWithState(db: Kysely<Database>, userId: string, vin: string): Promise<TractorWithState | undefined> {
  const row = await ownedQuery(db, userId).where('tractors.vin', '=', normaliseId(vin)).executeTakeFirst();
  return row ? split(row) : undefined;
}

export async function listOwnedWithState(db: Kysely<Database>, userId: string): Promise<TractorWithState[]> {
  const rows = await ownedQuery(db, userId).orderBy('tractors.claimed_at').orderBy('tractors.vin').execute();
  return rows.map(split);
}

/** Each hourly rollup column summed, named by its field of the domain's totals. */
const sumColumns = sql.raw(
  Object.entries(USAGE_COLUMNS)
    .map(([column, field]) => `COALESCE(SUM(${column}), 0) AS "${field}"`)
    .join(', '),
);

type SumRow = Record<keyof UsageTotals, number | string> & { rows: number | string };

/** Engines return sums as numbers or numeric strings: normalised to the domain's totals. */
function toTotals(r: SumRow | undefined): UsageTotals {
  const totals = emptyTotals();
  for (const f of USAGE_FIELDS) totals[f] = Number(r?.[f] ?? 0);
  return totals;
}

/**
 * Usage of the hours starting in [fromMs, toMs), summed per IST hour of the day (0–23): at most 24
 * rows however long the period, from the rollups' primary-key range, never from raw telemetry.
 */
export async function usageByIstHour(
  db: Kysely<Database>,
  tractorId: string,
  fromMs: number,
  toMs: number,
): Promise<{ hour: number; totals: UsageTotals; rows: number }[]> {
  const result = await sql<SumRow & { hour: number }>`
    SELECT ((hour_start + ${IST_OFFSET_MS}) / ${HOUR_MS}) % 24 AS hour, COUNT(*) AS "rows", ${sumColumns}
    FROM usage_hourly
    WHERE tractor_id = ${tractorId} AND hour_start >= ${fromMs} AND hour_start < ${toMs}
    GROUP BY 1`.execute(db);
  return result.rows.map((r) => ({ hour: Number(r.hour), totals: toTotals(r), rows: Number(r.rows) }));
}

/** Usage of the hours starting in [fromMs, toMs), in one sum. */
export async function usageBetween(db: Kysely<Database>, tractorId: string, fromMs: number, toMs: number): Promise<UsageTotals> {
  const result = await sql<SumRow>`
    SELECT COUNT(*) AS "rows", ${sumColumns} FROM usage_hourly
    WHERE tractor_id = ${tractorId} AND hour_start >= ${fromMs} AND hour_start < ${toMs}`.execute(db);
  return toTotals(result.rows[0]);
}

/** The start of the tractor's first hour of data (epoch ms), if any. */
export async function firstUsageHour(db: Kysely<Database>, tractorId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('usage_hourly')
    .select((eb) => eb.fn.min('hour_start').as('first'))
    .where('tractor_id', '=', tractorId)
    .executeTakeFirst();
  return row?.first === null || row?.first === undefined ? undefined : Number(row.first);
}

/** Engine seconds over the tractor's whole life (engine hours when the device has no worktime counter). */
export async function totalEngineSeconds(db: Kysely<Database>, tractorId: string): Promise<number> {
  const row = await db
    .selectFrom('usage_hourly')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('engine_s'), sql<number>`0`).as('engine_s'))
    .where('tractor_id', '=', tractorId)
    .executeTakeFirst();
  return Number(row?.engine_s ?? 0);
}

/** Σ change of the smoothed diesel level in the hours starting at or after `fromMs`. */
export async function fuelNetChangeFrom(db: Kysely<Database>, tractorId: string, fromMs: number): Promise<number> {
  const row = await db
    .selectFrom('usage_hourly')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('fuel_net_l'), sql<number>`0`).as('net'))
    .where('tractor_id', '=', tractorId)
    .where('hour_start', '>=', fromMs)
    .executeTakeFirst();
  return Number(row?.net ?? 0);
}

export interface HourRow {
  hourStart: number;
  engineS: number;
  rpmWeighted: number;
  rpmS: number;
  fuelNetChangeL: number;
  fuelRefuelL: number;
}

/** The hourly rollups of [fromMs, toMs) in time order (≤ 24 per day: history spans are bounded). */
export async function hourRows(db: Kysely<Database>, tractorId: string, fromMs: number, toMs: number): Promise<HourRow[]> {
  const rows = await db
    .selectFrom('usage_hourly')
    .select(['hour_start', 'engine_s', 'rpm_weighted', 'rpm_s', 'fuel_net_l', 'fuel_refuel_l'])
    .where('tractor_id', '=', tractorId)
    .where('hour_start', '>=', fromMs)
    .where('hour_start', '<', toMs)
    .orderBy('hour_start')
    .execute();
  return rows.map((r) => ({
    hourStart: Number(r.hour_start),
    engineS: r.engine_s,
    rpmWeighted: r.rpm_weighted,
    rpmS: r.rpm_s,
    fuelNetChangeL: r.fuel_net_l,
    fuelRefuelL: r.fuel_refuel_l,
  }));
}

/** Refuel events that began in [fromMs, toMs), oldest first; `newestFirst` and `limit` for the latest. */
export async function refuelsBetween(
  db: Kysely<Database>,
  tractorId: string,
  fromMs: number,
  toMs: number,
  options: { newestFirst?: boolean; limit?: number } = {},
): Promise<{ start: number; litres: number }[]> {
  let query = db
    .selectFrom('refuels')
    .select(['start_ms', 'litres'])
    .where('tractor_id', '=', tractorId)
    .where('start_ms', '>=', fromMs)
    .where('start_ms', '<', toMs)
    .orderBy('start_ms', options.newestFirst ? 'desc' : 'asc');
  if (options.limit !== undefined) query = query.limit(options.limit);
  const rows = await query.execute();
  return rows.map((r) => ({ start: Number(r.start_ms), litres: r.litres }));
}

export interface FixRow {
  time: number;
  lat: number;
  lon: number;
  speedKmh: number | null;
  ignition: number | null;
  pto: number | null;
  rpm: number | null;
}

/** Fixes of [fromMs, toMs) in time order, at most `limit` (a day at one per second fits). */
export async function fixesBetween(db: Kysely<Database>, tractorId: string, fromMs: number, toMs: number, limit: number): Promise<FixRow[]> {
  const rows = await db
    .selectFrom('telemetry')
    .select(['device_time', 'lat', 'lon', 'speed_kmh', 'ignition', 'pto', 'rpm'])
    .where('tractor_id', '=', tractorId)
    .where('device_time', '>=', fromMs)
    .where('device_time', '<', toMs)
    .where('lat', 'is not', null)
    .where('lon', 'is not', null)
    .orderBy('device_time')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    time: Number(r.device_time),
    lat: r.lat as number,
    lon: r.lon as number,
    speedKmh: r.speed_kmh,
    ignition: r.ignition,
    pto: r.pto,
    rpm: r.rpm,
  }));
}
