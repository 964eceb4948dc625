import type { Kysely, Selectable } from 'kysely';
import type { Database, SubscriptionOrdersTable } from '../../db/types';
import { dueToReconcile } from '../payments/reconcile';

export type OrderRow = Selectable<SubscriptionOrdersTable>;

export interface OrderItemRow {
  tractor_id: string;
  vin: string;
  reg_no: string;
  veh_name: string;
  basic_paise: number;
  valid_from: number | null;
  valid_till: number | null;
}

export async function insertOrder(db: Kysely<Database>, order: OrderRow, items: { tractor_id: string; basic_paise: number }[]): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx.insertInto('subscription_orders').values(order).execute();
    await tx
      .insertInto('subscription_order_items')
      .values(items.map((i) => ({ order_id: order.id, ...i })))
      .execute();
  });
}

export function findOrder(db: Kysely<Database>, orderId: string): Promise<OrderRow | undefined> {
  return db.selectFrom('subscription_orders').selectAll().where('id', '=', orderId).executeTakeFirst();
}

/** The order if `userId` placed it; another owner's is undefined (a 404 to the caller). */
export function findOrderOfUser(db: Kysely<Database>, userId: string, orderId: string): Promise<OrderRow | undefined> {
  return db.selectFrom('subscription_orders').selectAll().where('id', '=', orderId).where('user_id', '=', userId).executeTakeFirst();
}

export function findOrderByGatewayId(db: Kysely<Database>, gatewayOrderId: string): Promise<OrderRow | undefined> {
  return db.selectFrom('subscription_orders').selectAll().where('gateway_order_id', '=', gatewayOrderId).executeTakeFirst();
}

export async function setGatewayOrderId(db: Kysely<Database>, orderId: string, gatewayOrderId: string): Promise<void> {
  await db.updateTable('subscription_orders').set({ gateway_order_id: gatewayOrderId }).where('id', '=', orderId).execute();
}

/** A reported failure; never over a paid order (a failure event may arrive after the capture). */
export async function markFailed(db: Kysely<Database>, orderId: string, reason: string): Promise<void> {
  await db
    .updateTable('subscription_orders')
    .set({ status: 'failed', failure: reason.slice(0, 200) })
    .where('id', '=', orderId)
    .where('status', '=', 'pending')
    .execute();
}

/**
 * The owner opens the checkout of a failed order again: a new payment may follow, so the order is
 * pending once more and the reconciliation job asks about it (should that payment's callback and
 * webhook both be lost). Never over a paid order.
 */
export async function reopenOrder(db: Kysely<Database>, orderId: string): Promise<void> {
  await db
    .updateTable('subscription_orders')
    .set({ status: 'pending', failure: null, checked_at: null })
    .where('id', '=', orderId)
    .where('status', '=', 'failed')
    .execute();
}

export async function markChecked(db: Kysely<Database>, orderId: string, now: number): Promise<void> {
  await db.updateTable('subscription_orders').set({ checked_at: now }).where('id', '=', orderId).execute();
}

/** The tractors of an order with the period each got (once paid). */
export function itemsOfOrder(db: Kysely<Database>, orderId: string): Promise<OrderItemRow[]> {
  return db
    .selectFrom('subscription_order_items as i')
    .innerJoin('tractors as t', 't.id', 'i.tractor_id')
    .leftJoin('subscription_periods as p', (j) => j.onRef('p.order_id', '=', 'i.order_id').onRef('p.tractor_id', '=', 'i.tractor_id'))
    .select(['i.tractor_id', 't.vin', 't.reg_no', 't.veh_name', 'i.basic_paise', 'p.valid_from', 'p.valid_till'])
    .where('i.order_id', '=', orderId)
    .orderBy('t.vin')
    .execute();
}

/** A tractor's packs, newest first, with the payment and invoice of each paid one. */
export function periodsOfTractor(db: Kysely<Database>, tractorId: string) {
  return db
    .selectFrom('subscription_periods as p')
    .leftJoin('subscription_orders as o', 'o.id', 'p.order_id')
    .leftJoin('invoices as inv', 'inv.order_id', 'p.order_id')
    .select([
      'p.pack',
      'p.valid_from',
      'p.valid_till',
      'p.amount_paid_paise',
      'p.order_id',
      'o.gateway_payment_id',
      'o.reference_id',
      'inv.number as invoice_number',
    ])
    .where('p.tractor_id', '=', tractorId)
    .orderBy('p.valid_from', 'desc')
    .limit(200)
    .execute();
}

/** Orders for a tractor still waiting for their payment to be confirmed (newest first). */
export function pendingOrdersOfTractor(db: Kysely<Database>, userId: string, tractorId: string, since: number): Promise<OrderRow[]> {
  return db
    .selectFrom('subscription_orders as o')
    .innerJoin('subscription_order_items as i', 'i.order_id', 'o.id')
    .selectAll('o')
    .where('o.user_id', '=', userId)
    .where('i.tractor_id', '=', tractorId)
    .where('o.status', '=', 'pending')
    .where('o.gateway_order_id', 'is not', null)
    .where('o.created_at', '>=', since)
    .orderBy('o.created_at', 'desc')
    .limit(20)
    .execute();
}

export function findInvoice(db: Kysely<Database>, orderId: string) {
  return db.selectFrom('invoices').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

/** Pending orders with a gateway order, not asked about for `staleMs`, created since `since`. */
export function ordersToReconcile(db: Kysely<Database>, now: number, staleMs: number, since: number): Promise<OrderRow[]> {
  return dueToReconcile(db, 'subscription_orders', now, staleMs, since);
}
