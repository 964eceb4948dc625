import type SQLite from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types';
import type { AlertWriter } from './alert-writer';
import { type Derived, TELEMETRY_COLUMNS, type TelemetryRow, telemetryValues, UPSERT_REFUEL, USAGE_COLUMNS } from './rows';

/**
 * Writes a batch in one transaction: raw rows (a row already stored is skipped), then what
 * `derive` computes from the rows that were new (its alerts through the alerts module's writer).
 * Nothing is acknowledged to a device before this resolves, and if anything throws nothing of the
 * batch is kept.
 */
export interface TelemetryStore {
  commit(rows: readonly TelemetryRow[], derive: (fresh: TelemetryRow[]) => Derived): Promise<void>;
  /**
   * Writes rows expected to be all new with what was derived from them beforehand, in one
   * transaction; resolves false, keeping nothing, when one of them was stored already. (SQLite: the
   * write lock is then held for the SQL alone, not for the derivations.)
   */
  commitNew?(rows: readonly TelemetryRow[], derived: Derived): Promise<boolean>;
}

/** Thrown inside commitNew's transaction to roll it back. */
class AlreadyStored extends Error {}

const usageColumns = Object.keys(USAGE_COLUMNS) as (keyof typeof USAGE_COLUMNS)[];
const usageValues = (totals: Derived['hours'][number]['totals']) => usageColumns.map((c) => totals[USAGE_COLUMNS[c]]);
const STATE_COLUMNS = ['tractor_id', 'last_time', 'last_seen_at', 'last_reading', 'last_fix', 'processor', 'version'] as const;
const stateValues = (s: Derived['states'][number], version: number) => [
  s.tractorId,
  s.lastTime,
  s.lastSeenAt,
  s.lastReading,
  s.lastFix,
  s.processor,
  s.version ?? version,
];

/** Alerts come only from the rules, which come with their writer (AlertHook): reaching this is a wiring bug. */
const noWriter = (): never => {
  throw new Error('alerts raised without an alert writer');
};

/**
 * SQLite through better-sqlite3 prepared statements: the transaction runs synchronously. On the
 * writer thread, `turn` resolves when the main thread has no write waiting, with a function to call
 * when the transaction has ended (db/write-turns.ts).
 */
export function sqliteTelemetryStore(sqlite: SQLite.Database, alerts?: AlertWriter, turn?: () => Promise<() => void>): TelemetryStore {
  const insert = sqlite.prepare(
    `INSERT INTO telemetry (${TELEMETRY_COLUMNS.join(', ')}) VALUES (${TELEMETRY_COLUMNS.map(() => '?').join(', ')}) ON CONFLICT DO NOTHING`,
  );
  const upsertHour = sqlite.prepare(
    `INSERT INTO usage_hourly (tractor_id, hour_start, ${usageColumns.join(', ')}) VALUES (?, ?, ${usageColumns.map(() => '?').join(', ')})
     ON CONFLICT (tractor_id, hour_start) DO UPDATE SET ${usageColumns.map((c) => `${c} = ${c} + excluded.${c}`).join(', ')}`,
  );
  const upsertState = sqlite.prepare(
    `INSERT INTO tractor_state (${STATE_COLUMNS.join(', ')}) VALUES (${STATE_COLUMNS.map(() => '?').join(', ')})
     ON CONFLICT (tractor_id) DO UPDATE SET ${STATE_COLUMNS.slice(1)
       .map((c) => `${c} = excluded.${c}`)
       .join(', ')}`,
  );
  const upsertRefuel = sqlite.prepare(UPSERT_REFUEL);
  const markDirty = sqlite.prepare('INSERT INTO usage_dirty_days (tractor_id, day_start) VALUES (?, ?) ON CONFLICT DO NOTHING');
  const writeAlerts = alerts?.prepareSqlite(sqlite) ?? noWriter;
  const writeDerived = (derived: Derived) => {
    for (const h of derived.hours) upsertHour.run(h.tractorId, h.hourStart, ...usageValues(h.totals));
    for (const s of derived.states) upsertState.run(stateValues(s, Date.now()));
    for (const d of derived.dirtyDays) markDirty.run(d.tractorId, d.dayStart);
    for (const r of derived.refuels) upsertRefuel.run(r.tractorId, r.start, r.litres);
    if (derived.alerts.length > 0) writeAlerts(derived.alerts);
  };
  const transaction = sqlite.transaction((rows: readonly TelemetryRow[], derive: (fresh: TelemetryRow[]) => Derived) => {
    const fresh = rows.filter((row) => insert.run(telemetryValues(row)).changes > 0);
    writeDerived(derive(fresh));
  });
  const transactionNew = sqlite.transaction((rows: readonly TelemetryRow[], derived: Derived) => {
    for (const row of rows) if (insert.run(telemetryValues(row)).changes === 0) throw new AlreadyStored();
    writeDerived(derived);
  });
  /** Runs `write` in its turn, once no Kysely transaction is open on this connection. */
  const inTurn = async <T>(write: () => T): Promise<T> => {
    // A Kysely transaction on this same connection (a day's rebuild, an alert written by
    // raiseAlert) stays open across awaits; run now, ours would become a savepoint inside
    // it, acknowledged to devices before it is durable. Wait until it has ended.
    while (sqlite.inTransaction) await new Promise((resolve) => setImmediate(resolve));
    const done = await turn?.();
    try {
      return write();
    } finally {
      done?.();
    }
  };
  return {
    async commit(rows, derive) {
      await inTurn(() => transaction(rows, derive));
    },
    async commitNew(rows, derived) {
      try {
        await inTurn(() => transactionNew(rows, derived));
        return true;
      } catch (error) {
        if (error instanceof AlreadyStored) return false;
        throw error;
      }
    },
  };
}

/** PostgreSQL: one multi-row INSERT … SELECT FROM unnest(…) RETURNING, in a Kysely transaction. */
export function postgresTelemetryStore(db: Kysely<Database>, alerts?: AlertWriter): TelemetryStore {
  const types = [
    'text',
    'bigint',
    'bigint',
    'float8',
    'float8',
    'float8',
    'float8',
    'float8',
    'int',
    'int',
    'int',
    'int',
    'float8',
    'int',
    'float8',
    'float8',
    'bigint',
    'bigint',
    'text',
    'int',
    'int',
    'int',
    'float8',
    'float8',
    'int',
  ];
  return {
    async commit(rows, derive) {
      await db.transaction().execute(async (tx) => {
        let fresh: TelemetryRow[] = [];
        if (rows.length > 0) {
          // Each row's values once, then one array per column (unnest's arguments).
          const values = rows.map(telemetryValues);
          const columns = TELEMETRY_COLUMNS.map((_, i) => values.map((v) => v[i] ?? null));
          const arrays = sql.join(columns.map((values, i) => sql`${values}::${sql.raw(types[i] as string)}[]`));
          const inserted = await sql<{ tractor_id: string; device_time: number }>`
            INSERT INTO telemetry (${sql.raw(TELEMETRY_COLUMNS.join(', '))})
            SELECT * FROM unnest(${arrays}) ON CONFLICT DO NOTHING RETURNING tractor_id, device_time`.execute(tx);
          const keys = new Set(inserted.rows.map((r) => `${r.tractor_id}|${Number(r.device_time)}`));
          fresh = rows.filter((row) => keys.delete(`${row.tractorId}|${row.reading.time}`));
        }
        const derived = derive(fresh);
        // One statement per table for the whole batch (each (tractor, hour) and each tractor comes
        // once: a statement per row was a round trip each, most of a batch's time on PostgreSQL).
        // The rows go as JSON read by the table's own row type, so each value gets its column's type.
        if (derived.hours.length > 0) {
          const hours = derived.hours.map((h) => {
            const values = usageValues(h.totals);
            return { tractor_id: h.tractorId, hour_start: h.hourStart, ...Object.fromEntries(usageColumns.map((c, i) => [c, values[i] ?? 0])) };
          });
          await sql`INSERT INTO usage_hourly (tractor_id, hour_start, ${sql.raw(usageColumns.join(', '))})
            SELECT tractor_id, hour_start, ${sql.raw(usageColumns.join(', '))} FROM jsonb_populate_recordset(NULL::usage_hourly, ${JSON.stringify(hours)}::jsonb)
            ON CONFLICT (tractor_id, hour_start) DO UPDATE SET ${sql.raw(usageColumns.map((c) => `${c} = usage_hourly.${c} + excluded.${c}`).join(', '))}`.execute(
            tx,
          );
        }
        if (derived.states.length > 0) {
          const now = Date.now();
          const states = derived.states.map((st) => {
            const values = stateValues(st, now);
            return Object.fromEntries(STATE_COLUMNS.map((c, i) => [c, values[i]]));
          });
          await sql`INSERT INTO tractor_state (${sql.raw(STATE_COLUMNS.join(', '))})
            SELECT ${sql.raw(STATE_COLUMNS.join(', '))} FROM jsonb_populate_recordset(NULL::tractor_state, ${JSON.stringify(states)}::jsonb)
            ON CONFLICT (tractor_id) DO UPDATE SET ${sql.raw(
              STATE_COLUMNS.slice(1)
                .map((c) => `${c} = excluded.${c}`)
                .join(', '),
            )}`.execute(tx);
        }
        if (derived.dirtyDays.length > 0) {
          const days = derived.dirtyDays.map((d) => ({ tractor_id: d.tractorId, day_start: d.dayStart }));
          await sql`INSERT INTO usage_dirty_days (tractor_id, day_start)
            SELECT tractor_id, day_start FROM jsonb_populate_recordset(NULL::usage_dirty_days, ${JSON.stringify(days)}::jsonb)
            ON CONFLICT DO NOTHING`.execute(tx);
        }
        for (const r of derived.refuels) {
          await sql`INSERT INTO refuels (tractor_id, start_ms, litres) VALUES (${r.tractorId}, ${r.start}, ${r.litres})
            ON CONFLICT (tractor_id, start_ms) DO UPDATE SET litres = excluded.litres`.execute(tx);
        }
        if (derived.alerts.length > 0) await (alerts ? alerts.write(tx, derived.alerts) : noWriter());
      });
    },
  };
}
