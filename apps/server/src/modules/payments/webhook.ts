import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Database } from '../../db/types';
import { AppError } from '../../errors/app-error';
import type { PaymentGateway } from '../../providers/payments/payment-gateway';

/** A webhook's body as Razorpay sends it (only what is read). */
interface RawEvent {
  event?: unknown;
  payload?: { payment?: { entity?: { id?: unknown; order_id?: unknown; amount?: unknown; currency?: unknown; error_description?: unknown } } };
}

/** What the gateway says it took: amount in paise and currency. */
export interface PaidAmount {
  amountPaise: number;
  currency: string;
}

/** The only currency we sell in (spec §1: fees are in Indian Rupees). */
export const CURRENCY = 'INR';

/**
 * Why a payment the gateway reports is not the one the order asks for (undefined when it is): a
 * different amount, or any currency but rupees (an event of 235882 USD cents is not ₹2,358.82).
 */
export function paidAmountMismatch(paid: PaidAmount, expectedPaise: number): string | undefined {
  if (paid.currency !== CURRENCY) return `currency ${paid.currency || '(none)'} is not ${CURRENCY}`;
  if (paid.amountPaise !== expectedPaise) return `amount ${paid.amountPaise} is not ${expectedPaise}`;
  return undefined;
}

/** A verified gateway event about one payment of one gateway order. */
export type PaymentEvent =
  /** `amountPaise` is -1 and `currency` '' when the event carries none (never counted as right). */
  | ({ kind: 'captured'; gatewayOrderId: string; paymentId: string; via: string } & PaidAmount)
  | { kind: 'failed'; gatewayOrderId: string; paymentId: string; reason: string };

/** Whatever sells through the gateway (packs, service bookings): settles the events of its own orders. */
export interface PaymentEventHandler {
  /** 'unknown' when this handler has no order with the event's gateway order id. */
  paymentEvent(event: PaymentEvent): Promise<'processed' | 'unknown'>;
}

export interface WebhookOutcome {
  status: 'processed' | 'duplicate' | 'ignored';
}

/**
 * The gateway's one webhook for everything sold through it: the signature is checked once on the raw
 * body, replays are dropped by event id, and the event goes to the handler whose table knows the
 * gateway order id. Order of arrival does not matter (each handler settles exactly once).
 */
export class PaymentWebhook {
  constructor(private readonly deps: { db: Kysely<Database>; clock: Clock; gateway: PaymentGateway; handlers: readonly PaymentEventHandler[] }) {}

  async receive(rawBody: Buffer, signature: string, eventId: string | undefined): Promise<WebhookOutcome> {
    const { db, clock, gateway, handlers } = this.deps;
    if (!gateway.verifyWebhookSignature(rawBody, signature)) throw new AppError('WEBHOOK_SIGNATURE_INVALID');
    let body: RawEvent;
    try {
      body = JSON.parse(rawBody.toString('utf8')) as RawEvent;
    } catch {
      throw new AppError('VALIDATION_FAILED');
    }
    if (eventId !== undefined && !(await recordWebhookEvent(db, eventId, clock.now()))) return { status: 'duplicate' };
    const event = eventOf(body);
    if (!event) return { status: 'ignored' };
    try {
      for (const handler of handlers) {
        if ((await handler.paymentEvent(event)) === 'processed') return { status: 'processed' };
      }
    } catch (err) {
      // Not processed (the database failed mid-way): the id is given back, so the gateway's retry of
      // this event (it retries on a 5xx) is processed instead of being dropped as a replay.
      if (eventId !== undefined) await db.deleteFrom('payment_webhook_events').where('event_id', '=', eventId).execute();
      throw err;
    }
    return { status: 'ignored' };
  }
}

function eventOf(body: RawEvent): PaymentEvent | undefined {
  const payment = body.payload?.payment?.entity;
  if (!payment || typeof payment.order_id !== 'string' || typeof payment.id !== 'string') return undefined;
  const base = { gatewayOrderId: payment.order_id, paymentId: payment.id };
  if (body.event === 'payment.captured' || body.event === 'order.paid') {
    return {
      kind: 'captured',
      ...base,
      amountPaise: typeof payment.amount === 'number' ? payment.amount : -1,
      currency: typeof payment.currency === 'string' ? payment.currency : '',
      via: `webhook ${body.event}`,
    };
  }
  if (body.event === 'payment.failed')
    return { kind: 'failed', ...base, reason: typeof payment.error_description === 'string' ? payment.error_description : 'payment failed' };
  return undefined;
}

/** Keeps a webhook event id; false when it was seen before (a replay). */
async function recordWebhookEvent(db: Kysely<Database>, eventId: string, now: number): Promise<boolean> {
  const result = await db
    .insertInto('payment_webhook_events')
    .values({ event_id: eventId, received_at: now })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}
