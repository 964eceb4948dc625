import type { Kysely, Selectable } from 'kysely';
import type { BookingPaymentsTable, Database } from '../../db/types';
import { dueToReconcile } from '../payments/reconcile';

export type BookingPaymentRow = Selectable<BookingPaymentsTable>;

/** Stores a new payment; false when the booking already has one (another request made it first). */
export async function insertPayment(db: Kysely<Database>, row: BookingPaymentRow): Promise<boolean> {
  const result = await db
    .insertInto('booking_payments')
    .values(row)
    .onConflict((oc) => oc.column('booking_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export function paymentOfBooking(db: Kysely<Database>, bookingId: string): Promise<BookingPaymentRow | undefined> {
  return db.selectFrom('booking_payments').selectAll().where('booking_id', '=', bookingId).executeTakeFirst();
}

export function findPayment(db: Kysely<Database>, id: string): Promise<BookingPaymentRow | undefined> {
  return db.selectFrom('booking_payments').selectAll().where('id', '=', id).executeTakeFirst();
}

export function paymentByGatewayId(db: Kysely<Database>, gatewayOrderId: string): Promise<BookingPaymentRow | undefined> {
  return db.selectFrom('booking_payments').selectAll().where('gateway_order_id', '=', gatewayOrderId).executeTakeFirst();
}

/**
 * pending|failed → paid in one conditional update: of a callback, a webhook and a reconciliation
 * racing (on one instance or several) exactly one is true.
 */
export async function claimPaid(db: Kysely<Database>, id: string, paymentId: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('booking_payments')
    .set({ status: 'paid', gateway_payment_id: paymentId, paid_at: now, failure: null })
    .where('id', '=', id)
    .where('status', '!=', 'paid')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A reported failure; never over a paid payment (a failure event may arrive after the capture). */
export async function markPaymentFailed(db: Kysely<Database>, id: string, reason: string): Promise<void> {
  await db
    .updateTable('booking_payments')
    .set({ status: 'failed', failure: reason.slice(0, 200) })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

export async function markPaymentChecked(db: Kysely<Database>, id: string, now: number): Promise<void> {
  await db.updateTable('booking_payments').set({ checked_at: now }).where('id', '=', id).execute();
}

/** Pending payments not asked about for `staleMs`, created since `since` (their callback never came). */
export function paymentsToReconcile(db: Kysely<Database>, now: number, staleMs: number, since: number): Promise<BookingPaymentRow[]> {
  return dueToReconcile(db, 'booking_payments', now, staleMs, since);
}

/** The owner tries again after a failure: the payment is at the gateway again. */
export async function reopenPayment(db: Kysely<Database>, id: string): Promise<void> {
  await db.updateTable('booking_payments').set({ status: 'pending', checked_at: null }).where('id', '=', id).where('status', '=', 'failed').execute();
}
