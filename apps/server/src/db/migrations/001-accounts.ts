import type { Kysely, Migration } from 'kysely';
import type { Engine } from '../types';

/**
 * Accounts, devices, OTP, sessions and profile pictures. Written with the schema builder so one
 * migration serves SQLite and PostgreSQL; times are BIGINT epoch ms.
 */
export function accountsMigration(engine: Engine): Migration {
  const binary = engine === 'postgres' ? 'bytea' : 'blob';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('mobile_no', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('birth_date', 'text', (c) => c.notNull())
        .addColumn('email', 'text')
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('pin_hash', 'text', (c) => c.notNull())
        .addColumn('pin_failures', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('pin_locked_until', 'bigint')
        .addColumn('image_name', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('user_devices')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('device_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('user_devices_pk', ['user_id', 'device_hash'])
        .execute();

      await db.schema
        .createTable('otp_challenges')
        .addColumn('mobile_no', 'text', (c) => c.notNull())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('code_hash', 'text')
        .addColumn('window_started_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('otp_challenges_pk', ['mobile_no', 'purpose'])
        .execute();

      await db.schema
        .createTable('otp_sends')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('mobile_no', 'text', (c) => c.notNull())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('otp_sends_mobile_sent').on('otp_sends').columns(['mobile_no', 'sent_at']).execute();

      await db.schema
        .createTable('used_tickets')
        .addColumn('jti', 'text', (c) => c.primaryKey())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('used_tickets_expires').on('used_tickets').column('expires_at').execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('remember_me', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .execute();
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

      await db.schema
        .createTable('refresh_tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('session_id', 'text', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .execute();
      await db.schema.createIndex('refresh_tokens_session').on('refresh_tokens').column('session_id').execute();

      await db.schema
        .createTable('profile_images')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('data', binary, (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('profile_images_user').on('profile_images').column('user_id').execute();

      await db.schema
        .createTable('app_settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of [
        'app_settings',
        'profile_images',
        'refresh_tokens',
        'sessions',
        'used_tickets',
        'otp_sends',
        'otp_challenges',
        'user_devices',
        'users',
      ]) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}
