import { type Kysely, type Migration, sql } from 'kysely';
import type { Engine } from '../types';

/**
 * Issue 12: a refuel is one event, with the time the level began to rise and the litres that went
 * in (the same figures its fuel-refill alert reports), instead of litres bucketed per clock hour.
 * Hours with a refuel before this migration become one event each, at the start of their hour.
 */
export function refuelsMigration(engine: Engine): Migration {
  const real = engine === 'postgres' ? 'double precision' : 'real';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('refuels')
        .addColumn('tractor_id', 'text', (c) => c.notNull())
        .addColumn('start_ms', 'bigint', (c) => c.notNull())
        .addColumn('litres', real, (c) => c.notNull())
        .addPrimaryKeyConstraint('refuels_pk', ['tractor_id', 'start_ms'])
        .execute();
      await sql`INSERT INTO refuels (tractor_id, start_ms, litres)
        SELECT tractor_id, hour_start, fuel_refuel_l FROM usage_hourly WHERE fuel_refuel_l >= 5`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('refuels').execute();
    },
  };
}
