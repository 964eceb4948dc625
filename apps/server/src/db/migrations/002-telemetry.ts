import type { Kysely, Migration } from 'kysely';
import type { Engine } from '../types';

/**
 * Tractors and their devices, raw telemetry, per-tractor processing state and hourly usage rollups.
 * Telemetry is append-only and unique on (device, device time), so a resent record is a no-op.
 */
export function telemetryMigration(engine: Engine): Migration {
  const real = engine === 'postgres' ? 'double precision' : 'real';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('tractors')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('imei', 'text', (c) => c.notNull().unique())
        .addColumn('vin', 'text', (c) => c.notNull().unique())
        .addColumn('engine_no', 'text', (c) => c.notNull().unique())
        .addColumn('reg_no', 'text', (c) => c.notNull())
        .addColumn('model', 'text', (c) => c.notNull())
        .addColumn('device_model', 'text', (c) => c.notNull())
        .addColumn('veh_name', 'text', (c) => c.notNull())
        .addColumn('implement_width_m', real, (c) => c.notNull())
        .addColumn('tank_capacity_l', real, (c) => c.notNull())
        .addColumn('service_interval_h', 'integer', (c) => c.notNull())
        .addColumn('last_service_engine_h', real, (c) => c.notNull().defaultTo(0))
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('last_name', 'text', (c) => c.notNull())
        .addColumn('mobile_no_cc', 'text', (c) => c.notNull())
        .addColumn('mobile_no', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('city', 'text', (c) => c.notNull())
        .addColumn('pincode', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('country', 'text', (c) => c.notNull())
        .addColumn('expires_on', 'bigint', (c) => c.notNull())
        .addColumn('is_new_tractor', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('owner_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('claimed_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('tractors_owner').on('tractors').column('owner_user_id').execute();

      await db.schema
        .createTable('telemetry')
        .addColumn('tractor_id', 'text', (c) => c.notNull())
        .addColumn('device_time', 'bigint', (c) => c.notNull())
        .addColumn('received_at', 'bigint', (c) => c.notNull())
        .addColumn('lat', real)
        .addColumn('lon', real)
        .addColumn('speed_kmh', real)
        .addColumn('heading', real)
        .addColumn('altitude', real)
        .addColumn('satellites', 'integer')
        .addColumn('ignition', 'integer')
        .addColumn('pto', 'integer')
        .addColumn('key_present', 'integer')
        .addColumn('fuel_l', real)
        .addColumn('rpm', 'integer')
        .addColumn('coolant_c', real)
        .addColumn('ext_v', real)
        .addColumn('worktime_min', 'bigint')
        .addColumn('odometer_m', 'bigint')
        .addColumn('attributes', 'text')
        .addPrimaryKeyConstraint('telemetry_pk', ['tractor_id', 'device_time'])
        .execute();

      await db.schema
        .createTable('tractor_state')
        .addColumn('tractor_id', 'text', (c) => c.primaryKey())
        .addColumn('last_time', 'bigint', (c) => c.notNull())
        .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
        .addColumn('last_reading', 'text', (c) => c.notNull())
        .addColumn('last_fix', 'text')
        .addColumn('processor', 'text', (c) => c.notNull())
        .addColumn('version', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('usage_hourly')
        .addColumn('tractor_id', 'text', (c) => c.notNull())
        .addColumn('hour_start', 'bigint', (c) => c.notNull())
        .addColumn('engine_s', real, (c) => c.notNull())
        .addColumn('pto_s', real, (c) => c.notNull())
        .addColumn('idle_s', real, (c) => c.notNull())
        .addColumn('work_m', real, (c) => c.notNull())
        .addColumn('area_m2', real, (c) => c.notNull())
        .addColumn('road_m', real, (c) => c.notNull())
        .addColumn('distance_m', real, (c) => c.notNull())
        .addColumn('rpm_weighted', real, (c) => c.notNull())
        .addColumn('rpm_s', real, (c) => c.notNull())
        .addColumn('fuel_net_l', real, (c) => c.notNull())
        .addColumn('fuel_refuel_l', real, (c) => c.notNull())
        .addPrimaryKeyConstraint('usage_hourly_pk', ['tractor_id', 'hour_start'])
        .execute();

      // Days whose rollups must be rebuilt because records older than the processed ones arrived.
      await db.schema
        .createTable('usage_dirty_days')
        .addColumn('tractor_id', 'text', (c) => c.notNull())
        .addColumn('day_start', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('usage_dirty_days_pk', ['tractor_id', 'day_start'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['usage_dirty_days', 'usage_hourly', 'tractor_state', 'telemetry', 'tractors']) await db.schema.dropTable(table).execute();
    },
  };
}
