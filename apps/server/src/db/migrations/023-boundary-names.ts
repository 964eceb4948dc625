import type { Kysely, Migration } from 'kysely';

/**
 * Issue 19 item 5: a boundary file may name its state or district in the app's other languages
 * (OpenStreetMap's `name:hi`, `name:ta` …): kept as a JSON object { hi: 'नासिक', … } so the geofence
 * lists show every imported place in the owner's language, not only those in the app's catalogue.
 */
export const boundaryNamesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('geofence_boundaries')
      .addColumn('names', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('geofence_boundaries').dropColumn('names').execute();
  },
};
