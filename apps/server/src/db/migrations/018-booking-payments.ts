import type { Kysely, Migration } from 'kysely';
import type { Engine } from '../types';

/**
 * Issue 15 item 2: a booking's charge paid online, as a subscription pack is. One payment per booking
 * (its gateway order takes any number of tries); its random id is the checkout page's capability; the
 * status moves pending|failed → paid once, in a conditional update.
 */
export function bookingPaymentsMigration(engine: Engine): Migration {
  const ms = (engine === 'postgres' ? 'bigint' : 'integer') as 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('booking_payments')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('booking_id', 'text', (c) => c.notNull().unique().references('service_bookings.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('amount_paise', ms, (c) => c.notNull())
        .addColumn('gateway', 'text', (c) => c.notNull())
        .addColumn('gateway_order_id', 'text', (c) => c.notNull().unique())
        .addColumn('gateway_payment_id', 'text')
        .addColumn('failure', 'text')
        .addColumn('created_at', ms, (c) => c.notNull())
        .addColumn('paid_at', ms)
        .addColumn('checked_at', ms)
        .execute();
      await db.schema.createIndex('booking_payments_status').on('booking_payments').columns(['status', 'created_at']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('booking_payments').execute();
    },
  };
}
