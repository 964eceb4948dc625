import type { Kysely, Migration } from 'kysely';
import type { Engine } from '../types';

/**
 * Alerts (issue 5): the alerts the rules raise, their delivery outbox (written in the same
 * transaction as the alert, so a crash loses no delivery), the owners' settings per tractor and
 * type, alert receivers, browsers' push subscriptions and the per-owner daily SMS count.
 */
export function alertsMigration(engine: Engine): Migration {
  const real = engine === 'postgres' ? 'double precision' : 'real';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('alerts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tractor_id', 'text', (c) => c.notNull())
        .addColumn('type_id', 'text', (c) => c.notNull())
        .addColumn('time_ms', 'bigint', (c) => c.notNull())
        .addColumn('lat', real)
        .addColumn('lon', real)
        .addColumn('value', real)
        .addColumn('threshold', real)
        .addColumn('config_by', 'text', (c) => c.notNull())
        .addColumn('read_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('alerts_tractor_time').on('alerts').columns(['tractor_id', 'time_ms']).execute();

      // kind 'fanout': one per new alert, expanded into one 'push' entry per subscription and one
      // 'sms' entry per receiver (each then retried on its own).
      await db.schema
        .createTable('alert_outbox')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('alert_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('target', 'text')
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('next_at', 'bigint', (c) => c.notNull())
        .addColumn('locked_until', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('alert_outbox_next').on('alert_outbox').column('next_at').execute();

      await db.schema
        .createTable('alert_configs')
        .addColumn('tractor_id', 'text', (c) => c.notNull().references('tractors.id').onDelete('cascade'))
        .addColumn('type_id', 'text', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull())
        .addColumn('threshold', real)
        .addColumn('duration_s', 'integer')
        .addColumn('updated_by', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('alert_configs_pk', ['tractor_id', 'type_id'])
        .execute();

      await db.schema
        .createTable('alert_receivers')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('alert_receivers_unique', ['user_id', 'phone', 'channel'])
        .execute();

      await db.schema
        .createTable('push_subscriptions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('endpoint', 'text', (c) => c.notNull().unique())
        .addColumn('p256dh', 'text', (c) => c.notNull())
        .addColumn('auth', 'text', (c) => c.notNull())
        .addColumn('expiration_time', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('push_subscriptions_user').on('push_subscriptions').column('user_id').execute();

      await db.schema
        .createTable('alert_sms_daily')
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('day_start', 'bigint', (c) => c.notNull())
        .addColumn('sent', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('alert_sms_daily_pk', ['user_id', 'day_start'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['alert_sms_daily', 'push_subscriptions', 'alert_receivers', 'alert_configs', 'alert_outbox', 'alerts'])
        await db.schema.dropTable(table).execute();
    },
  };
}
