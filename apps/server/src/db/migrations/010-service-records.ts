import type { Kysely, Migration } from 'kysely';
import type { Engine } from '../types';

/**
 * Issue 12 item 10: services done, recorded by the owner or the provider's workshop. The tractor's
 * last_service_engine_h stays the due schedule's anchor: the highest engine hours of its records.
 */
export function serviceRecordsMigration(engine: Engine): Migration {
  const real = engine === 'postgres' ? 'double precision' : 'real';
  const bigint = engine === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('service_records')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tractor_id', 'text', (c) => c.notNull().references('tractors.id').onDelete('cascade'))
        .addColumn('done_on', 'text', (c) => c.notNull())
        .addColumn('engine_h', real as 'real', (c) => c.notNull())
        .addColumn('note', 'text')
        .addColumn('recorded_by', 'text', (c) => c.notNull())
        .addColumn('created_at', bigint as 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('service_records_tractor').on('service_records').columns(['tractor_id', 'done_on']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('service_records').execute();
    },
  };
}
