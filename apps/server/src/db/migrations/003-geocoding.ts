import type { Kysely, Migration } from 'kysely';

/**
 * Reverse-geocoding answers per provider, language and coordinate rounded to 3 decimals (~110 m):
 * a parked or slowly working tractor asks the provider once, not on every home poll.
 * found = 0 keeps "nothing there" too, so the sea is not asked about again either.
 */
export function geocodingMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('geocode_cache')
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('lat_e3', 'integer', (c) => c.notNull())
        .addColumn('lon_e3', 'integer', (c) => c.notNull())
        .addColumn('found', 'integer', (c) => c.notNull())
        .addColumn('name', 'text')
        .addColumn('district', 'text')
        .addColumn('state', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('geocode_cache_pk', ['provider', 'language', 'lat_e3', 'lon_e3'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('geocode_cache').execute();
    },
  };
}
