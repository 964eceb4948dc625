import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/types';
import type { PaymentGateway } from '../../providers/payments/payment-gateway';
import type { PaidAmount } from './webhook';

/**
 * Asks the gateway what became of a gateway order's payments (its callback never came, or the owner
 * looks again) and hands the answer on. False when the gateway did not answer: nothing changes.
 */
export async function askGateway(
  gateway: PaymentGateway,
  gatewayOrderId: string,
  on: { captured: (paymentId: string, paid: PaidAmount) => Promise<unknown>; failed: (reason: string) => Promise<unknown> },
  log: FastifyBaseLogger,
  ids: Record<string, string>,
): Promise<boolean> {
  try {
    const payment = await gateway.latestPayment(gatewayOrderId);
    if (payment.status === 'captured') await on.captured(payment.paymentId, { amountPaise: payment.amountPaise, currency: payment.currency });
    else if (payment.status === 'failed') await on.failed(payment.reason);
    return true;
  } catch (err) {
    log.warn({ err, ...ids }, 'payment gateway did not answer a status check');
    return false;
  }
}

/** The tables of things paid through the gateway: each row has a status, a gateway order and when it was last asked about. */
type PaidThrough = 'subscription_orders' | 'booking_payments';

/**
 * Pending rows with a gateway order, not asked about for `staleMs` (their callback never came),
 * created since `since` (older checkouts have long expired), oldest first, a hundred at a time.
 */
export function dueToReconcile<T extends PaidThrough>(
  db: Kysely<Database>,
  table: T,
  now: number,
  staleMs: number,
  since: number,
): Promise<Selectable<Database[T]>[]> {
  return db
    .selectFrom(table as PaidThrough)
    .selectAll()
    .where('status', '=', 'pending')
    .where('gateway_order_id', 'is not', null)
    .where('created_at', '>=', since)
    .where('created_at', '<=', now - staleMs)
    .where((eb) => eb.or([eb('checked_at', 'is', null), eb('checked_at', '<=', now - staleMs)]))
    .orderBy('created_at')
    .limit(100)
    .execute() as Promise<Selectable<Database[T]>[]>;
}
