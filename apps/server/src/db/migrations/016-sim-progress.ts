import type { Kysely, Migration } from 'kysely';
import type { Engine } from '../types';

/**
 * Issue 20: the simulated fleet's progress lives in the database it feeds (not in a file beside it),
 * and a lease names the one instance that drives the fleet when several share a database.
 */
export function simProgressMigration(engine: Engine): Migration {
  const ms = (engine === 'postgres' ? 'bigint' : 'integer') as 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('sim_progress')
        .addColumn('imei', 'text', (c) => c.primaryKey())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('carry', 'text', (c) => c.notNull())
        .addColumn('last_sent', ms, (c) => c.notNull())
        .addColumn('updated_at', ms, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('leases')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('holder', 'text', (c) => c.notNull())
        .addColumn('expires_at', ms, (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('leases').execute();
      await db.schema.dropTable('sim_progress').execute();
    },
  };
}
