import type { Kysely, Migration } from 'kysely';

/**
 * The expiry reminders (modules/subscription/reminders.ts) read, every minute on every instance, the
 * tractors whose pack ends within the next 7 days: by their end, that is a range seek, not a scan of
 * the whole fleet.
 */
export const tractorsExpiresOnMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex('tractors_expires_on').on('tractors').column('expires_on').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('tractors_expires_on').execute();
  },
};
