import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { gstOn, PACK_DAYS, type Pack, PAID_PACKS, type PaidPack, subscriptionState, type TaxBreakdown } from '@tractorlink/domain/subscription';
import { type CreateOrderRequest, type HistoryEntry, type InvoiceView, type OrderView, type Scheme } from '@tractorlink/domain/subscription-api';
import { DAY_MS } from '@tractorlink/domain/time';
import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from '@tractorlink/domain/languages';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Database, Engine } from '../../db/types';
import { AppError } from '../../errors/app-error';
import type { PaymentGateway } from '../../providers/payments/payment-gateway';
import { readCallback } from '../payments/callback';
import { askGateway } from '../payments/reconcile';
import { type PaidAmount, paidAmountMismatch, type PaymentEvent, type PaymentEventHandler } from '../payments/webhook';
import { findOwnedTractor, listOwnedTractors, type TractorRow } from '../tractors/repo';
import { invoiceIn } from './invoice';
import { confirmPayment } from './ledger';
import {
  findInvoice,
  findOrder,
  findOrderByGatewayId,
  findOrderOfUser,
  insertOrder,
  itemsOfOrder,
  markChecked,
  markFailed,
  type OrderRow,
  ordersToReconcile,
  pendingOrdersOfTractor,
  periodsOfTractor,
  reopenOrder,
  setGatewayOrderId,
} from './repo';

const seconds = (ms: number) => Math.floor(ms / 1000);
/** A status check asks the gateway at most this often per order. */
const RECHECK_MS = 10_000;
/** Orders older than this are no longer reconciled (the gateway's checkout has long expired). */
const RECONCILE_FOR_MS = 3 * DAY_MS;

/** A pending order as first stored: its ids are random (the order id is also the checkout's capability). */
function newOrder(input: { userId: string; pack: PaidPack; tax: TaxBreakdown; recipientState: string; gateway: string; createdAt: number }): OrderRow {
  return {
    id: `ord_${randomBytes(12).toString('hex')}`,
    user_id: input.userId,
    reference_id: `TLR${randomBytes(5).toString('hex').toUpperCase()}`,
    pack: input.pack,
    status: 'pending',
    basic_paise: input.tax.taxablePaise,
    cgst_paise: input.tax.cgstPaise,
    sgst_paise: input.tax.sgstPaise,
    igst_paise: input.tax.igstPaise,
    total_paise: input.tax.totalPaise,
    recipient_state: input.recipientState,
    gateway: input.gateway,
    gateway_order_id: null,
    gateway_payment_id: null,
    failure: null,
    created_at: input.createdAt,
    paid_at: null,
    checked_at: null,
  };
}

export interface SubscriptionDeps {
  db: Kysely<Database>;
  engine: Engine;
  clock: Clock;
  gateway: PaymentGateway;
  settings: Config['payments'];
  log: FastifyBaseLogger;
}

/** Renewal: schemes, orders, payment confirmation, history and invoices (issue 13). */
export class SubscriptionService implements PaymentEventHandler {
  constructor(private readonly deps: SubscriptionDeps) {}

  /** Spec §7 GetScheme: the tractor's packs with prices and where its subscription stands. */
  async scheme(userId: string, vin: string): Promise<{ result: Scheme[] }> {
    const tractor = await findOwnedTractor(this.deps.db, userId, vin);
    if (!tractor) throw new AppError('NOT_FOUND');
    return { result: [this.schemeOf(tractor)] };
  }

  private schemeOf(t: TractorRow): Scheme {
    const pack = (t.subscription_pack ?? null) as Pack | null;
    const { state, daysLeft } = subscriptionState(Number(t.expires_on), pack, this.deps.clock.now());
    return {
      vin: t.vin,
      regNo: t.reg_no,
      Veh_Name: t.veh_name,
      expiresOn: seconds(Number(t.expires_on)),
      pack,
      state,
      daysLeft,
      packs: PAID_PACKS.map((p) => ({ pack: p, days: PACK_DAYS[p], basicPaise: this.deps.settings.pricePaise[p] })),
    };
  }

  /** An order priced on the server; the gateway's order is created before the owner is sent to pay. */
  async createOrder(userId: string, body: CreateOrderRequest): Promise<OrderView> {
    const { db, clock, gateway, settings } = this.deps;
    const owned = await listOwnedTractors(db, userId);
    const tractors = body.vins.map((vin) => owned.find((t) => t.vin === vin.toUpperCase()));
    // Any tractor not the caller's makes the whole order unknown to them, as for every scoped route.
    if (tractors.some((t) => t === undefined)) throw new AppError('NOT_FOUND');
    const chosen = tractors as TractorRow[];
    const price = settings.pricePaise[body.pack];
    // The buyer's address on record is that of the order's first tractor by VIN: the invoice prints
    // that tractor's address (confirmPayment), so its state, the place of supply, must be the same one,
    // whatever order the browser listed the tractors in.
    const recipientState = [...chosen].sort((a, b) => (a.vin < b.vin ? -1 : a.vin > b.vin ? 1 : 0))[0]?.state ?? '';
    const tax = gstOn(price * chosen.length, settings.supplier.state, recipientState);
    const order = newOrder({ userId, pack: body.pack, tax, recipientState, gateway: gateway.name, createdAt: clock.now() });
    await insertOrder(
      db,
      order,
      chosen.map((t) => ({ tractor_id: t.id, basic_paise: price })),
    );
    try {
      const { gatewayOrderId } = await gateway.createOrder({ amountPaise: order.total_paise, receipt: order.id, notes: { referenceId: order.reference_id } });
      await setGatewayOrderId(db, order.id, gatewayOrderId);
      order.gateway_order_id = gatewayOrderId;
    } catch (err) {
      // Nothing can have been paid without the gateway's order: the order stays unpayable.
      this.deps.log.warn({ err, orderId: order.id }, 'payment gateway could not create an order');
      await markFailed(db, order.id, 'gateway unavailable');
      throw new AppError('PAYMENT_GATEWAY_UNAVAILABLE');
    }
    return this.view(order, false);
  }

  /** The order as its owner sees it; a pending one is first checked with the gateway (reconciliation). */
  async order(userId: string, orderId: string): Promise<OrderView> {
    let order = await findOrderOfUser(this.deps.db, userId, orderId);
    if (!order) throw new AppError('NOT_FOUND');
    let unconfirmed = false;
    if (order.status !== 'paid' && order.gateway_order_id && (order.checked_at === null || this.deps.clock.now() - Number(order.checked_at) >= RECHECK_MS)) {
      unconfirmed = !(await this.reconcile(order));
      order = (await findOrder(this.deps.db, orderId)) ?? order;
    }
    return this.view(order, unconfirmed);
  }

  /**
   * Asks the gateway what became of an order's payment and records it. False when the gateway did
   * not answer: the order stays as it was ('payment processed or not processed').
   */
  async reconcile(order: OrderRow): Promise<boolean> {
    const { db, clock, gateway, log } = this.deps;
    if (!order.gateway_order_id) return true;
    await markChecked(db, order.id, clock.now());
    return askGateway(
      gateway,
      order.gateway_order_id,
      {
        captured: (paymentId, paid) => this.settle(order, paymentId, paid, 'reconciliation'),
        failed: (reason) => markFailed(db, order.id, reason),
      },
      log,
      { orderId: order.id },
    );
  }

  /** Background job: pending orders whose callback never came are settled from the gateway. */
  async reconcileDue(): Promise<number> {
    const now = this.deps.clock.now();
    const due = await ordersToReconcile(this.deps.db, now, 60_000, now - RECONCILE_FOR_MS);
    let settled = 0;
    for (const order of due) {
      if ((await this.reconcile(order)) && (await findOrder(this.deps.db, order.id))?.status === 'paid') settled++;
    }
    return settled;
  }

  /** Records a verified, captured payment of the right amount; exactly once per order. */
  private async settle(order: OrderRow, paymentId: string, paid: PaidAmount | undefined, via: string): Promise<boolean> {
    const { db, engine, settings, clock, log } = this.deps;
    const mismatch = paid && paidAmountMismatch(paid, Number(order.total_paise));
    if (mismatch) {
      log.error({ orderId: order.id, ...paid, expected: order.total_paise, via, mismatch }, 'payment differs from the order: not counted');
      return false;
    }
    const extended = await confirmPayment(db, engine, settings, order, paymentId, clock.now());
    if (extended) log.info({ orderId: order.id, via }, 'payment confirmed, subscription extended');
    else {
      // A second payment for an order already paid (paid twice at the gateway): nothing more is
      // extended; the money must go back, so it is logged for the provider to refund.
      const paid = await findOrder(db, order.id);
      if (paid?.gateway_payment_id && paid.gateway_payment_id !== paymentId)
        log.error({ orderId: order.id, paymentId, via }, 'second payment for an order already paid: refund it');
    }
    return extended;
  }

  /**
   * The gateway's callback (the browser posts it back from checkout). A valid signature settles the
   * order; a failure report marks it failed unless it was paid. Returns the order for the redirect.
   */
  async callback(orderId: string, fields: Record<string, string>): Promise<{ orderId: string; outcome: 'success' | 'failure' } | undefined> {
    const order = await findOrder(this.deps.db, orderId);
    if (!order?.gateway_order_id) return undefined;
    const result = readCallback(this.deps.gateway, order.gateway_order_id, fields);
    if (result.kind === 'forged') {
      this.deps.log.warn({ orderId }, 'payment callback with a wrong signature ignored');
      return { orderId, outcome: 'failure' };
    }
    if (result.kind === 'paid') {
      // The signature proves the gateway took this payment for this order, whose amount it fixed.
      await this.settle(order, result.paymentId, undefined, 'callback');
      return { orderId, outcome: 'success' };
    }
    // Unsigned by nature: it only ever moves a pending order to failed, never against a payment.
    if (order.status === 'pending') await markFailed(this.deps.db, order.id, result.reason);
    const now = await findOrder(this.deps.db, orderId);
    return { orderId, outcome: now?.status === 'paid' ? 'success' : 'failure' };
  }

  /** A verified webhook event (PaymentWebhook): settles or fails the order it names, if it is one of ours. */
  async paymentEvent(event: PaymentEvent): Promise<'processed' | 'unknown'> {
    const order = await findOrderByGatewayId(this.deps.db, event.gatewayOrderId);
    if (!order) return 'unknown';
    if (event.kind === 'captured') await this.settle(order, event.paymentId, event, event.via);
    else await markFailed(this.deps.db, order.id, event.reason);
    return 'processed';
  }

  /** The order and what the checkout page needs; undefined when it cannot be paid any more. */
  async checkout(orderId: string): Promise<{ order: OrderRow; items: Awaited<ReturnType<typeof itemsOfOrder>> } | undefined> {
    const order = await findOrder(this.deps.db, orderId);
    if (!order?.gateway_order_id || order.status === 'paid') return undefined;
    // Paying again after a failure: pending again, so a capture whose callback is lost is still reconciled.
    if (order.status === 'failed') await reopenOrder(this.deps.db, order.id);
    return { order, items: await itemsOfOrder(this.deps.db, orderId) };
  }

  /** Spec §3 Subscription history of one tractor, plus its orders still awaiting confirmation. */
  async history(userId: string, vin: string): Promise<{ data: HistoryEntry[]; pending: OrderView[] }> {
    const { db, clock } = this.deps;
    const tractor = await findOwnedTractor(db, userId, vin);
    if (!tractor) throw new AppError('NOT_FOUND');
    const periods = await periodsOfTractor(db, tractor.id);
    const pendingRows = await pendingOrdersOfTractor(db, userId, tractor.id, clock.now() - RECONCILE_FOR_MS);
    return {
      data: periods.map((p) => ({
        pack: p.pack as Pack,
        validFrom: seconds(Number(p.valid_from)),
        validTill: seconds(Number(p.valid_till)),
        amountPaidPaise: Number(p.amount_paid_paise),
        transactionId: p.gateway_payment_id ?? null,
        referenceId: p.reference_id ?? null,
        orderId: p.order_id,
        invoice: p.order_id === null ? null : p.invoice_number ? 'ready' : 'processing',
      })),
      pending: await Promise.all(pendingRows.map((o) => this.view(o, false))),
    };
  }

  /**
   * The issued invoice of the caller's paid order (INVOICE_PROCESSING until it exists), read in
   * `language` or else the owner's: as issued, its amount in words spelt in that language.
   */
  async invoice(userId: string, orderId: string, language?: LanguageCode): Promise<{ invoice: InvoiceView; language: LanguageCode }> {
    const order = await findOrderOfUser(this.deps.db, userId, orderId);
    if (!order || order.status === 'failed') throw new AppError('NOT_FOUND');
    const stored = await findInvoice(this.deps.db, orderId);
    if (!stored) throw new AppError('INVOICE_PROCESSING');
    const reader = language ?? (await this.languageOf(userId));
    return { invoice: invoiceIn(JSON.parse(stored.body) as InvoiceView, reader), language: reader };
  }

  /**
   * The demo's paid history: a pack bought at `paidAt` through the local gateway, settled through
   * the same ledger as a real payment (so the history and invoice are what a newcomer would get).
   */
  async seedPaidPack(userId: string, tractorId: string, pack: PaidPack, paidAt: number): Promise<void> {
    const { db, engine, settings } = this.deps;
    const tractor = await db.selectFrom('tractors').selectAll().where('id', '=', tractorId).executeTakeFirstOrThrow();
    const price = settings.pricePaise[pack];
    const tax = gstOn(price, settings.supplier.state, tractor.state);
    const order = newOrder({ userId, pack, tax, recipientState: tractor.state, gateway: 'local', createdAt: paidAt });
    order.gateway_order_id = `order_${randomBytes(7).toString('hex')}`;
    await insertOrder(db, order, [{ tractor_id: tractorId, basic_paise: price }]);
    await confirmPayment(db, engine, settings, order, `pay_${randomBytes(7).toString('hex')}`, paidAt);
  }

  /** The owner's chosen language (invoices default to it). */
  private async languageOf(userId: string): Promise<LanguageCode> {
    const user = await this.deps.db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst();
    return isLanguageCode(user?.language) ? user.language : DEFAULT_LANGUAGE;
  }

  private async view(order: OrderRow, unconfirmed: boolean): Promise<OrderView> {
    const items = await itemsOfOrder(this.deps.db, order.id);
    const invoice = order.status === 'paid' ? await findInvoice(this.deps.db, order.id) : undefined;
    const payable = order.status !== 'paid' && order.gateway_order_id !== null;
    return {
      orderId: order.id,
      referenceId: order.reference_id,
      pack: order.pack as PaidPack,
      status: order.status as OrderView['status'],
      unconfirmed,
      items: items.map((i) => ({
        vin: i.vin,
        regNo: i.reg_no,
        Veh_Name: i.veh_name,
        basicPaise: Number(i.basic_paise),
        validFrom: i.valid_from === null ? null : seconds(Number(i.valid_from)),
        validTill: i.valid_till === null ? null : seconds(Number(i.valid_till)),
      })),
      basicPaise: Number(order.basic_paise),
      cgstPaise: Number(order.cgst_paise),
      sgstPaise: Number(order.sgst_paise),
      igstPaise: Number(order.igst_paise),
      totalPaise: Number(order.total_paise),
      transactionId: order.gateway_payment_id,
      createdAt: seconds(Number(order.created_at)),
      paidAt: order.paid_at === null ? null : seconds(Number(order.paid_at)),
      invoiceNumber: invoice?.number ?? null,
      checkoutUrl: payable ? `/api/v1/subscription/orders/${order.id}/checkout` : null,
    };
  }
}
