import type { IoRule } from '@tractorlink/domain/telemetry';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { LogLimiter } from '../../devices/shared/log-limiter';
import { RecordRateLimiter } from '../../devices/shared/record-rate';
import type { DeviceModels } from '../tractors/device-models';
import type { AlertHook } from './alert-hook';
import { findTractorByImei } from '../tractors/repo';
import { Ingestor, type RecordSink } from './ingestor';
import { replayLate } from './late-replay';
import { processorLoader, stateVersionsReader } from './load-processor';
import { differingResends } from './resent-check';
import type { TractorProfile } from './processor';
import { postgresTelemetryStore, sqliteTelemetryStore } from './store';

/** A provisioned device as the protocol front ends need it. */
export interface KnownDevice {
  profile: TractorProfile;
  /** Its device model (tractors.device_model): which protocols it may speak. */
  model: string;
  ioRules: readonly IoRule[];
  /** The secret the HTTP protocols must send, when the provider set one. */
  key?: string;
}

export interface DeviceLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** Everything a protocol front end needs: who a device is, and where its records go. */
export interface TelemetryPipeline {
  /** Where records go: the Ingestor on this thread, or the writer thread's client. */
  ingestor: RecordSink;
  /** Each device's record budget, shared by every protocol. */
  rate: RecordRateLimiter;
  /** The tractor a device id (IMEI, or the id a phone app sends) belongs to, if provisioned. */
  lookup(deviceId: string): Promise<KnownDevice | undefined>;
  /** Forgets a cached device after its provisioning changed. */
  invalidate(deviceId: string): void;
}

export interface PipelineOptions {
  alerts?: AlertHook;
  log?: DeviceLog;
  /** Records one device may send a minute (DEVICE_MAX_RECORDS_PER_MINUTE). */
  recordsPerMinute?: number;
  /** Where records go instead of an Ingestor on this thread (the writer thread's client). */
  sink?: RecordSink;
}

/** Most rows a transaction of the writer thread writes on SQLite (see createIngestor). */
export const SQLITE_WRITER_BATCH_ROWS = 1000;

/**
 * The Ingestor with its store, state loader, late replay and logs: what commits records, on
 * whichever thread owns the database connection it is given.
 */
export function createIngestor(
  db: Db,
  clock: Clock,
  { alerts, log, turn }: Pick<PipelineOptions, 'alerts' | 'log'> & { turn?: () => Promise<() => void> } = {},
): Ingestor {
  const store = db.sqlite ? sqliteTelemetryStore(db.sqlite, alerts?.writer, turn) : postgresTelemetryStore(db.kysely, alerts?.writer);
  // Out-of-range values are reported once an hour per tractor: a broken sensor sends one every record.
  const quiet = new LogLimiter(3600_000, () => clock.now());
  const quietResends = new LogLimiter(3600_000, () => clock.now());
  return new Ingestor(store, processorLoader(db.kysely, alerts), clock, {
    // The writer thread beside a main thread that writes to the same SQLite file: smaller batches hold
    // the write lock shorter (a main-thread write waits for one). In the 1,000-device burst, home p99
    // 16–43 ms with 1,000 rows against 34–52 ms with 5,000 (7 runs each), records/s the same.
    ...(db.sqlite && turn ? { maxBatchRows: SQLITE_WRITER_BATCH_ROWS } : {}),
    alerts,
    // Several instances may share the database: a device that comes back checks its cached state.
    stateVersions: stateVersionsReader(db.kysely),
    onResent: (rows) => {
      differingResends(db.kysely, rows)
        .then((differing) => {
          for (const [tractorId, records] of differing) {
            const { log: now, held } = quietResends.take(tractorId);
            if (now)
              log?.warn(
                { tractorId, records: records.length, first: { deviceTime: records[0]?.[0], columns: records[0]?.[1] }, heldBack: held },
                'resent record differs from the stored one; the stored one is kept',
              );
          }
        })
        .catch(() => undefined); // a check for the log only: never a reason to fail ingestion
    },
    onDropped: (profile, dropped) => {
      const { log: now, held } = quiet.take(profile.id);
      if (now) log?.warn({ tractorId: profile.id, dropped: [...new Set(dropped)].slice(0, 10), heldBack: held }, 'out-of-range device values dropped');
    },
    replay: (current, from, now) => replayLate(db.kysely, current, from, now, alerts),
  });
}

export function createTelemetryPipeline(
  db: Db,
  clock: Clock,
  models: DeviceModels,
  { alerts, log, recordsPerMinute = 6000, sink }: PipelineOptions = {},
): TelemetryPipeline {
  const ingestor = sink ?? createIngestor(db, clock, { alerts, log });
  // Known devices are cached: a reconnecting fleet must not cost a query per handshake.
  const known = new Map<string, KnownDevice>();
  return {
    ingestor,
    rate: new RecordRateLimiter(recordsPerMinute, () => clock.now()),
    async lookup(deviceId) {
      const cached = known.get(deviceId);
      if (cached) return cached;
      const row = await findTractorByImei(db.kysely, deviceId);
      if (!row) return undefined;
      const device: KnownDevice = {
        profile: { id: row.id, implementWidthM: row.implement_width_m, tankCapacityL: row.tank_capacity_l },
        model: row.device_model,
        ioRules: models.rules(row.device_model),
        ...(row.device_key ? { key: row.device_key } : {}),
      };
      known.set(deviceId, device);
      return device;
    },
    invalidate(deviceId) {
      known.delete(deviceId);
    },
  };
}
