import type { Kysely, Migration } from 'kysely';
import type { Engine } from '../types';

/**
 * Issue 19 item 1: a write sent twice is applied once. Each `Idempotency-Key` an owner sends on a
 * write is kept per owner (two owners' equal keys are two writes) with what it was for (the route
 * and a hash of the body) and, once the route has answered 2xx, that answer to give back to a
 * repeat. `state` is 'pending' while the first request runs; `expires_at` bounds how long a key is
 * honoured (the background jobs delete the rows past it).
 */
export function idempotencyKeysMigration(engine: Engine): Migration {
  const ms = (engine === 'postgres' ? 'bigint' : 'integer') as 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('idempotency_keys')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('route', 'text', (c) => c.notNull())
        .addColumn('body_hash', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('status', 'integer')
        .addColumn('content_type', 'text')
        .addColumn('response', 'text')
        .addColumn('created_at', ms, (c) => c.notNull())
        .addColumn('expires_at', ms, (c) => c.notNull())
        .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
        .execute();
      await db.schema.createIndex('idempotency_keys_expires_at').on('idempotency_keys').column('expires_at').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('idempotency_keys').execute();
    },
  };
}
