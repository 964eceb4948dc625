import type { Kysely, Migration } from 'kysely';
import type { Engine } from '../types';

/**
 * Issue 12 item 6: commands for a device (Codec 12), queued by the operator, sent when the device
 * is connected, with its reply.
 */
export function deviceCommandsMigration(engine: Engine): Migration {
  const bigint = engine === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('device_commands')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tractor_id', 'text', (c) => c.notNull().references('tractors.id').onDelete('cascade'))
        .addColumn('command', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', bigint as 'integer', (c) => c.notNull())
        .addColumn('sent_at', bigint as 'integer')
        .addColumn('answered_at', bigint as 'integer')
        .addColumn('reply', 'text')
        .execute();
      await db.schema.createIndex('device_commands_tractor').on('device_commands').columns(['tractor_id', 'status', 'created_at']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('device_commands').execute();
    },
  };
}
