import type { AlertRow, RaisedAlert } from '@tractorlink/domain/alert-rules/types';
import type SQLite from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types';

/**
 * The one writer of the alerts table: an alert and the outbox entry that starts its delivery, in
 * the caller's transaction. Ingestion writes through it in its batch transaction (it implements
 * telemetry/alert-writer.ts, wired in services.ts); AlertService.raiseAlert through `insertAlert`.
 */

/** A stored alert (by id) and what it becomes. */
export interface AlertMove {
  id: string;
  alert: RaisedAlert;
}

const ALERT_COLUMNS = [
  'id',
  'tractor_id',
  'type_id',
  'time_ms',
  'lat',
  'lon',
  'value',
  'threshold',
  'config_by',
  'created_at',
  'geofence_id',
  'geofence_name',
] as const;

/** Column values in ALERT_COLUMNS order. */
const alertValues = (a: AlertRow) => [
  a.id,
  a.tractorId,
  a.typeId,
  a.time,
  a.lat,
  a.lon,
  a.value,
  a.threshold,
  a.configBy,
  a.createdAt,
  a.geofenceId ?? null,
  a.geofenceName ?? null,
];

const OUTBOX_COLUMNS = ['id', 'alert_id', 'kind', 'target', 'attempts', 'next_at', 'created_at'] as const;

/** The delivery of a new alert starts as one 'fanout' entry, due at once (same id as the alert: one per alert). */
const fanoutValues = (a: AlertRow) => [a.id, a.id, 'fanout', null, 0, a.createdAt, a.createdAt];

const INSERT_ALERT = `INSERT INTO alerts (${ALERT_COLUMNS.join(', ')}) VALUES (${ALERT_COLUMNS.map(() => '?').join(', ')})`;
const INSERT_OUTBOX = `INSERT INTO alert_outbox (${OUTBOX_COLUMNS.join(', ')}) VALUES (${OUTBOX_COLUMNS.map(() => '?').join(', ')})`;

export const alertWriter = {
  prepareSqlite(sqlite: SQLite.Database): (alerts: readonly AlertRow[]) => void {
    const insertAlert = sqlite.prepare(INSERT_ALERT);
    const insertOutbox = sqlite.prepare(INSERT_OUTBOX);
    return (alerts) => {
      for (const a of alerts) {
        insertAlert.run(alertValues(a));
        insertOutbox.run(fanoutValues(a));
      }
    };
  },

  /** Alerts are rare (a few per tractor per day): one statement each is enough. */
  async write(tx: Kysely<Database>, alerts: readonly AlertRow[]): Promise<void> {
    for (const a of alerts) {
      await sql`INSERT INTO alerts (${sql.raw(ALERT_COLUMNS.join(', '))}) VALUES (${sql.join(alertValues(a))})`.execute(tx);
      await sql`INSERT INTO alert_outbox (${sql.raw(OUTBOX_COLUMNS.join(', '))}) VALUES (${sql.join(fanoutValues(a))})`.execute(tx);
    }
  },

  /**
   * A late replay's corrections: stored alerts `moved` to when the replay dates them (the same alert,
   * its read state and delivery kept), and `withdrawn` ones the records in order never raise, with
   * any delivery still waiting.
   */
  async revise(tx: Kysely<Database>, moved: readonly AlertMove[], withdrawn: readonly string[]): Promise<void> {
    for (const { id, alert: a } of moved)
      await tx
        .updateTable('alerts')
        .set({ time_ms: a.time, lat: a.lat, lon: a.lon, value: a.value, threshold: a.threshold, config_by: a.configBy, geofence_name: a.geofenceName ?? null })
        .where('id', '=', id)
        .execute();
    if (withdrawn.length === 0) return;
    await tx.deleteFrom('alert_outbox').where('alert_id', 'in', withdrawn).execute();
    await tx.deleteFrom('alerts').where('id', 'in', withdrawn).execute();
  },
};
