import type { Kysely, Migration } from 'kysely';
import type { Engine } from '../types';

/**
 * Issue 14: the owner's reminders, kept on the server too (a new phone gets them back) with the next
 * time each rings, so a Web Push can ring it while the app is closed.
 */
export function remindersMigration(engine: Engine): Migration {
  const ms = (engine === 'postgres' ? 'bigint' : 'integer') as 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('reminders')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('next_at', ms)
        .addColumn('updated_at', ms, (c) => c.notNull())
        .addPrimaryKeyConstraint('reminders_pk', ['user_id', 'id'])
        .execute();
      await db.schema.createIndex('reminders_next_at').on('reminders').column('next_at').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('reminders').execute();
    },
  };
}
