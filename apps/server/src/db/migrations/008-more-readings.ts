import type { Kysely, Migration } from 'kysely';
import type { Engine } from '../types';

/**
 * Issue 12: readings that were decoded and dropped are stored — movement, the oil-pressure and
 * air-filter switches, the device's own battery, the CAN fuel-used counter and GSM signal — and
 * the hours keep the litres that counter measured (it beats any float sensor).
 */
export function moreReadingsMigration(engine: Engine): Migration {
  const real = engine === 'postgres' ? 'double precision' : 'real';
  const columns: [string, string][] = [
    ['movement', 'integer'],
    ['oil_low', 'integer'],
    ['air_filter', 'integer'],
    ['batt_v', real],
    ['fuel_used_l', real],
    ['gsm', 'integer'],
  ];
  return {
    async up(db: Kysely<unknown>) {
      for (const [name, type] of columns)
        await db.schema
          .alterTable('telemetry')
          .addColumn(name, type as 'integer')
          .execute();
      await db.schema
        .alterTable('usage_hourly')
        .addColumn('fuel_counter_l', real as 'real', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const [name] of columns) await db.schema.alterTable('telemetry').dropColumn(name).execute();
      await db.schema.alterTable('usage_hourly').dropColumn('fuel_counter_l').execute();
    },
  };
}
