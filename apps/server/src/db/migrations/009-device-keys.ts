import type { Kysely, Migration } from 'kysely';

/** Issue 11: an optional per-device secret the HTTP protocols (OsmAnd / Traccar Client) must send as `key`. */
export const deviceKeysMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('tractors').addColumn('device_key', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('tractors').dropColumn('device_key').execute();
  },
};
