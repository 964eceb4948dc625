import type { Kysely, Migration } from 'kysely';
import type { Engine } from '../types';

/**
 * Issue 13: paid packs. An order (one pack for one or more tractors) is paid through a gateway; a
 * verified payment extends each tractor once (a period per tractor), takes the next invoice number
 * of the financial year and stores the invoice as issued. Webhook event ids are kept to drop
 * replays; expiry reminders are claimed per (tractor, end, days before) so one instance sends each.
 */
export function subscriptionsMigration(engine: Engine): Migration {
  const bigint = engine === 'postgres' ? 'bigint' : 'integer';
  const ms = bigint as 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('tractors').addColumn('subscription_pack', 'text').execute();
      await db.schema
        .createTable('subscription_orders')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('reference_id', 'text', (c) => c.notNull().unique())
        .addColumn('pack', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('basic_paise', ms, (c) => c.notNull())
        .addColumn('cgst_paise', ms, (c) => c.notNull())
        .addColumn('sgst_paise', ms, (c) => c.notNull())
        .addColumn('igst_paise', ms, (c) => c.notNull())
        .addColumn('total_paise', ms, (c) => c.notNull())
        .addColumn('recipient_state', 'text', (c) => c.notNull())
        .addColumn('gateway', 'text', (c) => c.notNull())
        .addColumn('gateway_order_id', 'text', (c) => c.unique())
        .addColumn('gateway_payment_id', 'text')
        .addColumn('failure', 'text')
        .addColumn('created_at', ms, (c) => c.notNull())
        .addColumn('paid_at', ms)
        .addColumn('checked_at', ms)
        .execute();
      await db.schema.createIndex('subscription_orders_user').on('subscription_orders').columns(['user_id', 'created_at']).execute();
      await db.schema.createIndex('subscription_orders_status').on('subscription_orders').columns(['status', 'created_at']).execute();
      await db.schema
        .createTable('subscription_order_items')
        .addColumn('order_id', 'text', (c) => c.notNull().references('subscription_orders.id').onDelete('cascade'))
        .addColumn('tractor_id', 'text', (c) => c.notNull().references('tractors.id').onDelete('cascade'))
        .addColumn('basic_paise', ms, (c) => c.notNull())
        .addPrimaryKeyConstraint('subscription_order_items_pk', ['order_id', 'tractor_id'])
        .execute();
      await db.schema
        .createTable('subscription_periods')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tractor_id', 'text', (c) => c.notNull().references('tractors.id').onDelete('cascade'))
        .addColumn('pack', 'text', (c) => c.notNull())
        .addColumn('valid_from', ms, (c) => c.notNull())
        .addColumn('valid_till', ms, (c) => c.notNull())
        .addColumn('amount_paid_paise', ms, (c) => c.notNull())
        .addColumn('order_id', 'text', (c) => c.references('subscription_orders.id').onDelete('set null'))
        .addColumn('created_at', ms, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('subscription_periods_tractor').on('subscription_periods').columns(['tractor_id', 'valid_from']).execute();
      await db.schema
        .createTable('invoices')
        .addColumn('order_id', 'text', (c) => c.primaryKey().references('subscription_orders.id').onDelete('cascade'))
        .addColumn('number', 'text', (c) => c.notNull().unique())
        .addColumn('financial_year', 'text', (c) => c.notNull())
        .addColumn('sequence', 'integer', (c) => c.notNull())
        .addColumn('issued_at', ms, (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('invoice_counters')
        .addColumn('financial_year', 'text', (c) => c.primaryKey())
        .addColumn('last_sequence', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('payment_webhook_events')
        .addColumn('event_id', 'text', (c) => c.primaryKey())
        .addColumn('received_at', ms, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('subscription_reminders')
        .addColumn('tractor_id', 'text', (c) => c.notNull().references('tractors.id').onDelete('cascade'))
        .addColumn('expires_on', ms, (c) => c.notNull())
        .addColumn('days_before', 'integer', (c) => c.notNull())
        .addColumn('sent_at', ms, (c) => c.notNull())
        .addPrimaryKeyConstraint('subscription_reminders_pk', ['tractor_id', 'expires_on', 'days_before'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of [
        'subscription_reminders',
        'payment_webhook_events',
        'invoice_counters',
        'invoices',
        'subscription_periods',
        'subscription_order_items',
        'subscription_orders',
      ]) {
        await db.schema.dropTable(table).execute();
      }
      await db.schema.alterTable('tractors').dropColumn('subscription_pack').execute();
    },
  };
}
