import type { IncomingRecord } from '../modules/telemetry/ingestor';
import type { TractorProfile } from '../modules/telemetry/processor';

/** What the writer thread is started with (workerData). */
export interface WriterSettings {
  /** PostgreSQL, or the SQLite file in `dataDir` when unset. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** The main thread's count of SQLite writes in progress (db/write-turns.ts). */
  mainWrites: SharedArrayBuffer;
  /** The thread's own scheduling niceness (Linux), INGEST_WRITER_NICE. */
  nice?: number;
}

/** Messages to the writer thread. `id` ties an answer to its request. */
export type ToWriter =
  | { t: 'submit'; id: number; profile: TractorProfile; verify: boolean; records: readonly IncomingRecord[] }
  /** Records still as bytes, with the id of their decoder's shared context (sent before with `shared`). */
  | { t: 'submit-wire'; id: number; profile: TractorProfile; verify: boolean; count: number; decoder: string; bytes: Uint8Array; shared: number }
  | { t: 'shared'; shared: number; value: object }
  | { t: 'connected'; tractorId: string }
  /** An owner changed alert settings or the service was recorded: the rules re-read them. */
  | { t: 'settings-changed'; tractorId: string }
  | { t: 'geofences-changed'; tractorIds: string[] }
  | { t: 'call'; id: number; call: 'idle' | 'close' }
  | { t: 'call'; id: number; call: 'replayDue'; quietMs: number | undefined };

/** Messages from the writer thread. */
export type FromWriter =
  /** Submissions committed, each with its count: one message for a whole batch. */
  | { t: 'committed'; results: [id: number, count: number][] }
  /** A submission not committed: `code` is a DecodeError's, else the store failed. */
  | { t: 'refused'; id: number; code: string | undefined; message: string }
  /** A commit wrote alerts: the delivery worker should look. */
  | { t: 'alerts' }
  | { t: 'log'; level: 'info' | 'warn' | 'error'; obj: object; msg: string }
  | { t: 'answer'; id: number; value: number; error?: string };
