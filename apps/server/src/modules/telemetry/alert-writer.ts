import type { AlertRow, RaisedAlert } from '@tractorlink/domain/alert-rules/types';
import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';

/**
 * Where ingestion's alerts are written, inside ingestion's own transaction. The alerts module
 * implements it (it is the one writer of the alerts table) and services.ts hands it over with the
 * alert hook: telemetry never names that table.
 */
export interface AlertWriter {
  /** SQLite: statements prepared once on this connection; the function runs inside the store's synchronous transaction. */
  prepareSqlite(sqlite: SQLite.Database): (alerts: readonly AlertRow[]) => void;
  /** In a Kysely transaction (PostgreSQL ingestion, a late replay). */
  write(tx: Kysely<Database>, alerts: readonly AlertRow[]): Promise<void>;
  /** A late replay's corrections: stored alerts (by id) moved to the replay's version, others withdrawn. */
  revise(tx: Kysely<Database>, moved: readonly { id: string; alert: RaisedAlert }[], withdrawn: readonly string[]): Promise<void>;
}
