import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Issue 19 item 5: each alert receiver has a language of their own for the SMS they get (a farm hand
 * may read Marathi while the owner uses English). Existing receivers take their owner's language.
 */
export const receiverLanguageMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('alert_receivers')
      .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
      .execute();
    await sql`UPDATE alert_receivers SET language = (SELECT users.language FROM users WHERE users.id = alert_receivers.user_id)`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('alert_receivers').dropColumn('language').execute();
  },
};
