import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { BookingPaymentResponse } from '@tractorlink/domain/service-booking-api';
import { DAY_MS } from '@tractorlink/domain/time';
import type { Clock } from '../../clock';
import type { Database } from '../../db/types';
import { AppError } from '../../errors/app-error';
import type { PaymentGateway } from '../../providers/payments/payment-gateway';
import { readCallback } from '../payments/callback';
import { askGateway } from '../payments/reconcile';
import { type PaidAmount, paidAmountMismatch, type PaymentEvent, type PaymentEventHandler } from '../payments/webhook';
import {
  type BookingPaymentRow,
  claimPaid,
  findPayment,
  insertPayment,
  markPaymentChecked,
  markPaymentFailed,
  paymentByGatewayId,
  paymentOfBooking,
  paymentsToReconcile,
  reopenPayment,
} from './payment-repo';
import { type BookingWithTractor, findBooking, findBookingOfUser } from './repo';

/** A look at the booking asks the gateway about its pending payment at most this often. */
const RECHECK_MS = 10_000;
/** The job asks about a pending payment once it is this old, and at most this often. */
const STALE_MS = 60_000;
/** Payments older than this are no longer reconciled (the gateway's checkout has long expired). */
const RECONCILE_FOR_MS = 3 * DAY_MS;

export interface BookingPaymentDeps {
  db: Kysely<Database>;
  clock: Clock;
  gateway: PaymentGateway;
  log: FastifyBaseLogger;
}

export const bookingCheckoutUrl = (paymentId: string) => `/api/v1/service-bookings/payments/${paymentId}/checkout`;

/**
 * A booking's charge paid online (issue 15 item 2), as a subscription pack is: a gateway order for
 * the booking's total as the server priced it, the gateway's checkout, its signed callback and
 * webhook, and reconciliation for payments whose callback never came. A payment is settled exactly
 * once (a conditional update), on any number of instances. Fees are non-refundable (spec §1): a
 * paid booking shows 'refund due' only when the workshop cancelled it or the money came after it was
 * cancelled (view.ts); the dealer gives that back (there is no refund through the gateway).
 */
export class BookingPayments implements PaymentEventHandler {
  constructor(private readonly deps: BookingPaymentDeps) {}

  /** The owner's 'Pay now': the booking's gateway order (made once, the same one again while unpaid). */
  async start(userId: string, bookingId: string): Promise<{ created: boolean; payment: BookingPaymentResponse }> {
    const { db, clock, gateway, log } = this.deps;
    const booking = await findBookingOfUser(db, userId, bookingId);
    if (!booking) throw new AppError('NOT_FOUND');
    if (booking.payment !== 'online' || Number(booking.total_paise) <= 0) throw new AppError('BOOKING_NOT_PAYABLE');
    const existing = await paymentOfBooking(db, booking.id);
    if (existing?.status === 'paid') throw new AppError('BOOKING_ALREADY_PAID');
    if (booking.status === 'cancelled') throw new AppError('BOOKING_FINISHED');
    if (existing) {
      await reopenPayment(db, existing.id);
      return { created: false, payment: { checkoutUrl: bookingCheckoutUrl(existing.id) } };
    }
    const id = `bpay_${randomBytes(12).toString('hex')}`;
    const amountPaise = Number(booking.total_paise);
    let gatewayOrderId: string;
    try {
      ({ gatewayOrderId } = await gateway.createOrder({ amountPaise, receipt: id, notes: { referenceId: booking.reference_id } }));
    } catch (err) {
      // Nothing is stored: nothing can have been paid without the gateway's order; the owner may try again.
      log.warn({ err, bookingId }, 'payment gateway could not create an order for a booking');
      throw new AppError('PAYMENT_GATEWAY_UNAVAILABLE');
    }
    const row: BookingPaymentRow = {
      id,
      booking_id: booking.id,
      user_id: userId,
      status: 'pending',
      amount_paise: amountPaise,
      gateway: gateway.name,
      gateway_order_id: gatewayOrderId,
      gateway_payment_id: null,
      failure: null,
      created_at: clock.now(),
      paid_at: null,
      checked_at: null,
    };
    if (await insertPayment(db, row)) return { created: true, payment: { checkoutUrl: bookingCheckoutUrl(id) } };
    // Two taps at once: the other made the payment (this gateway order is never shown, so never paid).
    const raced = await paymentOfBooking(db, booking.id);
    if (!raced) throw new AppError('NOT_FOUND');
    return { created: false, payment: { checkoutUrl: bookingCheckoutUrl(raced.id) } };
  }

  /**
   * What the checkout page needs, after asking the gateway whether an earlier try went through (so a
   * lost callback never leads to paying twice). Undefined when there is nothing to pay any more.
   */
  async checkout(paymentId: string): Promise<{ payment: BookingPaymentRow; booking: BookingWithTractor } | { bookingId: string; paid: boolean } | undefined> {
    const { db } = this.deps;
    let payment = await findPayment(db, paymentId);
    if (!payment) return undefined;
    if (payment.status !== 'paid') {
      // Only a capture matters here: an earlier failed try must not mark this new one failed.
      await this.reconcile(payment, false);
      payment = (await findPayment(db, paymentId)) ?? payment;
    }
    const booking = await findBooking(db, payment.booking_id);
    if (!booking) return undefined;
    if (payment.status === 'paid' || booking.status === 'cancelled') return { bookingId: booking.id, paid: payment.status === 'paid' };
    return { payment, booking };
  }

  /** The gateway's callback (the browser posts it back from checkout): settles, or records the failure. */
  async callback(paymentId: string, fields: Record<string, string>): Promise<{ bookingId: string; paid: boolean } | undefined> {
    const { db, gateway, log } = this.deps;
    const payment = await findPayment(db, paymentId);
    if (!payment) return undefined;
    const result = readCallback(gateway, payment.gateway_order_id, fields);
    if (result.kind === 'forged') {
      log.warn({ paymentId }, 'booking payment callback with a wrong signature ignored');
      return { bookingId: payment.booking_id, paid: false };
    }
    // The signature proves the gateway took this payment for this order, whose amount it fixed.
    if (result.kind === 'paid') await this.settle(payment, result.paymentId, undefined, 'callback');
    else await markPaymentFailed(db, payment.id, result.reason);
    return { bookingId: payment.booking_id, paid: (await findPayment(db, paymentId))?.status === 'paid' };
  }

  /** A verified webhook event (PaymentWebhook), if its gateway order is a booking's. */
  async paymentEvent(event: PaymentEvent): Promise<'processed' | 'unknown'> {
    const payment = await paymentByGatewayId(this.deps.db, event.gatewayOrderId);
    if (!payment) return 'unknown';
    if (event.kind === 'captured') await this.settle(payment, event.paymentId, event, event.via);
    else await markPaymentFailed(this.deps.db, payment.id, event.reason);
    return 'processed';
  }

  /** Asks the gateway about a payment and records the answer; false when the gateway did not answer. */
  async reconcile(payment: BookingPaymentRow, recordFailure = true): Promise<boolean> {
    const { db, clock, gateway, log } = this.deps;
    await markPaymentChecked(db, payment.id, clock.now());
    return askGateway(
      gateway,
      payment.gateway_order_id,
      {
        captured: (paymentId, paid) => this.settle(payment, paymentId, paid, 'reconciliation'),
        failed: (reason) => (recordFailure ? markPaymentFailed(db, payment.id, reason) : Promise.resolve()),
      },
      log,
      { bookingPaymentId: payment.id },
    );
  }

  /** The owner looks at the booking: a pending payment not asked about lately is asked about now. */
  async refresh(bookingId: string): Promise<void> {
    const payment = await paymentOfBooking(this.deps.db, bookingId);
    if (payment?.status !== 'pending' || (payment.checked_at !== null && this.deps.clock.now() - Number(payment.checked_at) < RECHECK_MS)) return;
    await this.reconcile(payment);
  }

  /** Background job (with the subscription's): pending payments whose callback never came. Returns those settled. */
  async reconcileDue(): Promise<number> {
    const now = this.deps.clock.now();
    let settled = 0;
    for (const payment of await paymentsToReconcile(this.deps.db, now, STALE_MS, now - RECONCILE_FOR_MS)) {
      if ((await this.reconcile(payment)) && (await findPayment(this.deps.db, payment.id))?.status === 'paid') settled++;
    }
    return settled;
  }

  /** Records a verified, captured payment of the right amount; exactly once per booking payment. */
  private async settle(payment: BookingPaymentRow, paymentId: string, paid: PaidAmount | undefined, via: string): Promise<boolean> {
    const { db, clock, log } = this.deps;
    const mismatch = paid && paidAmountMismatch(paid, Number(payment.amount_paise));
    if (mismatch) {
      log.error({ bookingPaymentId: payment.id, ...paid, expected: payment.amount_paise, via, mismatch }, 'payment differs from the booking: not counted');
      return false;
    }
    const claimed = await claimPaid(db, payment.id, paymentId, clock.now());
    if (claimed) log.info({ bookingPaymentId: payment.id, bookingId: payment.booking_id, via }, 'booking payment received');
    else {
      const paid = await findPayment(db, payment.id);
      if (paid?.gateway_payment_id && paid.gateway_payment_id !== paymentId)
        log.error({ bookingPaymentId: payment.id, paymentId, via }, 'second payment for a booking already paid: refund it');
    }
    return claimed;
  }
}
