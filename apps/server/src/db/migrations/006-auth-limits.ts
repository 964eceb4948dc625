import type { Kysely, Migration } from 'kysely';

/**
 * Issue 11: OTP codes and send limits per requester, and the global hourly SMS count.
 *
 * A code now belongs to whoever asked for it (the browser if it said which, else the requesting
 * address), so others' wrong guesses cannot burn it. The old one-per-number challenges are dropped:
 * they live 10 minutes, and an owner holding one just asks for a new code.
 */
export function authLimitsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.dropTable('otp_challenges').execute();
      await db.schema
        .createTable('otp_challenges')
        .addColumn('mobile_no', 'text', (c) => c.notNull())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('requester', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('code_hash', 'text')
        .addColumn('window_started_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('otp_challenges_pk', ['mobile_no', 'purpose', 'requester'])
        .execute();
      await db.schema.createIndex('otp_challenges_expires').on('otp_challenges').column('expires_at').execute();

      // Sends made before this migration count for their number only (requester '' is nobody).
      await db.schema
        .alterTable('otp_sends')
        .addColumn('requester', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable('otp_sends')
        .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable('otp_sends')
        .addColumn('bound_browser', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('otp_sends_address_sent').on('otp_sends').columns(['address', 'sent_at']).execute();
      await db.schema.createIndex('otp_sends_sent').on('otp_sends').column('sent_at').execute();

      await db.schema
        .createTable('sms_hourly')
        .addColumn('hour_start', 'bigint', (c) => c.primaryKey())
        .addColumn('sent', 'integer', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      // The old one-per-number codes are not worth restoring.
      await db.schema.dropTable('sms_hourly').ifExists().execute();
    },
  };
}
