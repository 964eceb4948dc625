import type { Kysely, Migration } from 'kysely';
import type { Engine } from '../types';

/**
 * Geofences (issue 6): state and district boundaries the operator imports (simplified GeoJSON),
 * the owners' geofences, the tractors each watches, and on alerts which geofence raised them
 * (its name kept as it was, so the history still reads right after a rename or a delete).
 */
export function geofencesMigration(engine: Engine): Migration {
  const real = engine === 'postgres' ? 'double precision' : 'real';
  return {
    async up(db: Kysely<unknown>) {
      // district '' for a state's own outline, so one unique key covers both levels on both engines.
      await db.schema
        .createTable('geofence_boundaries')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('district', 'text', (c) => c.notNull())
        .addColumn('state_key', 'text', (c) => c.notNull())
        .addColumn('district_key', 'text', (c) => c.notNull())
        .addColumn('geometry', 'text', (c) => c.notNull())
        .addColumn('vertices', 'integer', (c) => c.notNull())
        .addColumn('area_m2', real, (c) => c.notNull())
        .addColumn('south', real, (c) => c.notNull())
        .addColumn('west', real, (c) => c.notNull())
        .addColumn('north', real, (c) => c.notNull())
        .addColumn('east', real, (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('version', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('geofence_boundaries_name', ['state_key', 'district_key'])
        .execute();

      await db.schema
        .createTable('geofences')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_key', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('shape', 'text')
        .addColumn('coordinates', 'text')
        .addColumn('radius_m', real)
        .addColumn('side_m', real)
        .addColumn('boundary_id', 'text', (c) => c.references('geofence_boundaries.id'))
        .addColumn('state', 'text')
        .addColumn('district', 'text')
        .addColumn('south', real, (c) => c.notNull())
        .addColumn('west', real, (c) => c.notNull())
        .addColumn('north', real, (c) => c.notNull())
        .addColumn('east', real, (c) => c.notNull())
        .addColumn('area_m2', real, (c) => c.notNull())
        .addColumn('active', 'integer', (c) => c.notNull())
        .addColumn('alert_entry', 'integer', (c) => c.notNull())
        .addColumn('alert_exit', 'integer', (c) => c.notNull())
        .addColumn('rev', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('geofences_owner_name', ['user_id', 'name_key'])
        .execute();

      await db.schema
        .createTable('geofence_tractors')
        .addColumn('geofence_id', 'text', (c) => c.notNull().references('geofences.id').onDelete('cascade'))
        .addColumn('tractor_id', 'text', (c) => c.notNull().references('tractors.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('geofence_tractors_pk', ['geofence_id', 'tractor_id'])
        .execute();
      await db.schema.createIndex('geofence_tractors_tractor').on('geofence_tractors').column('tractor_id').execute();

      await db.schema.alterTable('alerts').addColumn('geofence_id', 'text').execute();
      await db.schema.alterTable('alerts').addColumn('geofence_name', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('alerts').dropColumn('geofence_name').execute();
      await db.schema.alterTable('alerts').dropColumn('geofence_id').execute();
      for (const table of ['geofence_tractors', 'geofences', 'geofence_boundaries']) await db.schema.dropTable(table).execute();
    },
  };
}
