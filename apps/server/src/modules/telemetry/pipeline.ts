import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import type { KnownDevice } from '../../devices/teltonika/server';
import type { DeviceModels } from '../tractors/device-models';
import type { AlertHook } from './alert-hook';
import { findTractorByImei } from '../tractors/repo';
import { Ingestor } from './ingestor';
import { replayLate } from './late-replay';
import { processorLoader } from './load-processor';
import { postgresTelemetryStore, sqliteTelemetryStore } from './store';

/** Everything a protocol front end needs: who a device is, and where its records go. */
export interface TelemetryPipeline {
  ingestor: Ingestor;
  /** The tractor a device id (IMEI, or the id a phone app sends) belongs to, if provisioned. */
  lookup(deviceId: string): Promise<KnownDevice | undefined>;
  /** Forgets a cached device after its provisioning changed. */
  invalidate(deviceId: string): void;
}

export function createTelemetryPipeline(db: Db, clock: Clock, models: DeviceModels, alerts?: AlertHook): TelemetryPipeline {
  const store = db.sqlite ? sqliteTelemetryStore(db.sqlite) : postgresTelemetryStore(db.kysely);
  const ingestor = new Ingestor(store, processorLoader(db.kysely, alerts), clock, {
    alerts,
    replay: (current, from, now) => replayLate(db.kysely, current, from, now, alerts),
  });
  // Known devices are cached: a reconnecting fleet must not cost a query per handshake.
  const known = new Map<string, KnownDevice>();
  return {
    ingestor,
    async lookup(deviceId) {
      const cached = known.get(deviceId);
      if (cached) return cached;
      const row = await findTractorByImei(db.kysely, deviceId);
      if (!row) return undefined;
      const device: KnownDevice = {
        profile: { id: row.id, implementWidthM: row.implement_width_m, tankCapacityL: row.tank_capacity_l },
        ioRules: models.rules(row.device_model),
      };
      known.set(deviceId, device);
      return device;
    },
    invalidate(deviceId) {
      known.delete(deviceId);
    },
  };
}
