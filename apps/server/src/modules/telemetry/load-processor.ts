import { FieldCoverage } from '@tractorlink/domain/field-coverage';
import type { Reading } from '@tractorlink/domain/telemetry';
import { istDayStart } from '@tractorlink/domain/time';
import { measureInterval } from '@tractorlink/domain/usage';
import type { Kysely } from 'kysely';
import type { Database, TelemetryTable } from '../../db/types';
import type { AlertHook } from './alert-hook';
import { type StateVersions, stateFingerprint } from './ingestor';
import { type ProcessorState, TractorProcessor, type TractorProfile } from './processor';

/** A stored row back as a Reading (the columns present in `row`). */
export function rowToReading(row: Partial<TelemetryTable> & Pick<TelemetryTable, 'device_time'>): Reading {
  const r: Reading = { time: Number(row.device_time) };
  const num = <K extends keyof Reading>(key: K, value: number | null | undefined) => {
    if (value !== null && value !== undefined) (r as unknown as Record<string, number>)[key] = Number(value);
  };
  const flag = <K extends keyof Reading>(key: K, value: number | null | undefined) => {
    if (value !== null && value !== undefined) (r as unknown as Record<string, boolean>)[key] = value === 1;
  };
  if (row.lat != null && row.lon != null) Object.assign(r, { lat: row.lat, lon: row.lon });
  num('speedKmh', row.speed_kmh);
  num('heading', row.heading);
  num('satellites', row.satellites);
  flag('ignition', row.ignition);
  flag('pto', row.pto);
  flag('keyPresent', row.key_present);
  num('fuelLitres', row.fuel_l);
  num('rpm', row.rpm);
  num('coolantC', row.coolant_c);
  num('externalVoltage', row.ext_v);
  num('engineWorktimeMin', row.worktime_min);
  num('odometerM', row.odometer_m);
  flag('movement', row.movement);
  flag('oilPressureLow', row.oil_low);
  flag('airFilterClogged', row.air_filter);
  num('batteryVoltage', row.batt_v);
  num('fuelUsedLitres', row.fuel_used_l);
  num('gsmSignal', row.gsm);
  return r;
}

/**
 * The processor of a tractor as it stood at its last commit: saved state, plus the field coverage
 * of its current IST day rebuilt from that day's stored records (coverage is not persisted: it is
 * a function of the raw records, which are).
 */
export function processorLoader(db: Kysely<Database>, alerts?: AlertHook) {
  return async (profile: TractorProfile): Promise<TractorProcessor> => {
    const saved = await db.selectFrom('tractor_state').selectAll().where('tractor_id', '=', profile.id).executeTakeFirst();
    if (!saved) return new TractorProcessor(profile, undefined, undefined, undefined, await alerts?.rulesFor(profile, undefined, false));
    const last = JSON.parse(saved.last_reading) as Reading;
    const state = JSON.parse(saved.processor) as ProcessorState;
    const rules = await alerts?.rulesFor(profile, state.alerts, true);
    const day = istDayStart(last.time);
    const rows = await db
      .selectFrom('telemetry')
      .select(['device_time', 'lat', 'lon', 'speed_kmh', 'ignition', 'pto'])
      .where('tractor_id', '=', profile.id)
      .where('device_time', '>=', day)
      .where('device_time', '<=', last.time)
      .orderBy('device_time')
      .execute();
    let coverage: FieldCoverage | undefined;
    const readings = rows.map(rowToReading);
    for (let i = 1; i < readings.length; i++) {
      const prev = readings[i - 1] as Reading;
      if (prev.lat === undefined || prev.lon === undefined) continue;
      coverage ??= new FieldCoverage({ lat: prev.lat, lon: prev.lon });
      measureInterval(prev, readings[i] as Reading, profile, coverage);
    }
    return new TractorProcessor(profile, last, state, (d) => (d === day ? coverage : undefined), rules);
  };
}

/** The fingerprints of the tractors' committed states (Ingestor's `stateVersions`): one indexed read per batch checked. */
export function stateVersionsReader(db: Kysely<Database>): StateVersions {
  return async (tractorIds) => {
    const rows = await db.selectFrom('tractor_state').select(['tractor_id', 'version', 'last_time']).where('tractor_id', 'in', tractorIds).execute();
    return new Map(rows.map((r) => [r.tractor_id, stateFingerprint(r.version, r.last_time)]));
  };
}
