import type { Kysely, Migration } from 'kysely';
import type { Engine } from '../types';

/**
 * Issue 15: doorstep service bookings. A booking keeps what the owner confirmed (farm, slot, charge)
 * and the dealer it went to; each status change is an event, claimed once (`notified_at`) by the
 * instance that pushes it to the owner. Photos are kept in the database like profile pictures.
 */
export function serviceBookingsMigration(engine: Engine): Migration {
  const ms = (engine === 'postgres' ? 'bigint' : 'integer') as 'integer';
  const binary = engine === 'postgres' ? 'bytea' : 'blob';
  // PostgreSQL's real is 4 bytes: a pin's sixth decimal would be lost.
  const real = (engine === 'postgres' ? 'double precision' : 'real') as 'real';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('booking_photos')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('data', binary, (c) => c.notNull())
        .addColumn('created_at', ms, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('booking_photos_user').on('booking_photos').column('user_id').execute();
      await db.schema
        .createTable('service_bookings')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('reference_id', 'text', (c) => c.notNull().unique())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('request_id', 'text', (c) => c.notNull())
        .addColumn('tractor_id', 'text', (c) => c.notNull().references('tractors.id').onDelete('cascade'))
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('date', 'text', (c) => c.notNull())
        .addColumn('slot', 'text', (c) => c.notNull())
        .addColumn('duration_min', 'integer', (c) => c.notNull())
        .addColumn('address_line', 'text', (c) => c.notNull())
        .addColumn('city', 'text', (c) => c.notNull())
        .addColumn('pincode', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('lat', real, (c) => c.notNull())
        .addColumn('lng', real, (c) => c.notNull())
        .addColumn('district', 'text')
        .addColumn('dealer_id', 'text', (c) => c.notNull())
        .addColumn('dealer_name', 'text', (c) => c.notNull())
        .addColumn('dealer_phone', 'text', (c) => c.notNull())
        .addColumn('technician_name', 'text')
        .addColumn('technician_phone', 'text')
        .addColumn('note', 'text')
        .addColumn('photo_id', 'text', (c) => c.references('booking_photos.id').onDelete('set null'))
        .addColumn('payment', 'text', (c) => c.notNull())
        .addColumn('free', 'integer', (c) => c.notNull())
        .addColumn('basic_paise', ms, (c) => c.notNull())
        .addColumn('cgst_paise', ms, (c) => c.notNull())
        .addColumn('sgst_paise', ms, (c) => c.notNull())
        .addColumn('igst_paise', ms, (c) => c.notNull())
        .addColumn('total_paise', ms, (c) => c.notNull())
        .addColumn('done_at_engine_h', real)
        .addColumn('created_at', ms, (c) => c.notNull())
        .addColumn('updated_at', ms, (c) => c.notNull())
        // A double tap sends the same request id twice: one booking.
        .addUniqueConstraint('service_bookings_request', ['user_id', 'request_id'])
        .execute();
      await db.schema.createIndex('service_bookings_user').on('service_bookings').columns(['user_id', 'created_at']).execute();
      await db.schema.createIndex('service_bookings_slot').on('service_bookings').columns(['dealer_id', 'date', 'slot']).execute();
      await db.schema.createIndex('service_bookings_tractor').on('service_bookings').columns(['tractor_id', 'free']).execute();
      await db.schema.createIndex('service_bookings_status').on('service_bookings').columns(['status', 'updated_at']).execute();
      await db.schema
        .createTable('booking_events')
        .addColumn('booking_id', 'text', (c) => c.notNull().references('service_bookings.id').onDelete('cascade'))
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('at', ms, (c) => c.notNull())
        .addColumn('actor', 'text', (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('notified_at', ms)
        .addPrimaryKeyConstraint('booking_events_pk', ['booking_id', 'seq'])
        .execute();
      await db.schema.createIndex('booking_events_unsent').on('booking_events').columns(['notified_at', 'at']).execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['booking_events', 'service_bookings', 'booking_photos']) await db.schema.dropTable(table).execute();
    },
  };
}
