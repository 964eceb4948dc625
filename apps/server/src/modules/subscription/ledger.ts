import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { financialYear, invoiceNumber, PACK_DAYS, type PaidPack } from '@tractorlink/domain/subscription';
import { DAY_MS } from '@tractorlink/domain/time';
import type { Config } from '../../config';
import type { Database, Engine } from '../../db/types';
import { buildInvoice } from './invoice';
import type { OrderRow } from './repo';

/**
 * The one place money turns into days. A verified payment marks its order paid, extends each
 * tractor, and issues the next invoice number of the financial year, all in one transaction:
 * - exactly once: the order's status moves pending|failed → paid in a conditional UPDATE, so of a
 *   callback and a webhook racing (on one instance or several) only the first extends;
 * - extensions add to the tractor's end where the database stands, never to a value read earlier,
 *   so two orders for one tractor both count;
 * - the invoice counter is bumped inside the transaction, so a rolled-back payment gives its number
 *   back and numbers stay gapless.
 * Returns false when the order was already paid.
 */
export async function confirmPayment(
  db: Kysely<Database>,
  engine: Engine,
  settings: Config['payments'],
  order: OrderRow,
  paymentId: string,
  now: number,
): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const claimed = await tx
      .updateTable('subscription_orders')
      .set({ status: 'paid', gateway_payment_id: paymentId, paid_at: now, failure: null })
      .where('id', '=', order.id)
      .where('status', '!=', 'paid')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return false;

    const pack = order.pack as PaidPack;
    const addMs = PACK_DAYS[pack] * DAY_MS;
    const greatest = engine === 'postgres' ? sql`greatest` : sql`max`;
    const items = await tx
      .selectFrom('subscription_order_items as i')
      .innerJoin('tractors as t', 't.id', 'i.tractor_id')
      .select(['i.tractor_id', 'i.basic_paise', 't.vin', 't.reg_no', 't.address', 't.city', 't.pincode'])
      .where('i.order_id', '=', order.id)
      .orderBy('t.vin')
      .execute();
    const lines = [];
    for (const item of items) {
      const updated = await tx
        .updateTable('tractors')
        .set({ expires_on: sql<number>`${greatest}(expires_on, ${now}) + ${addMs}`, subscription_pack: pack })
        .where('id', '=', item.tractor_id)
        .returning('expires_on')
        .executeTakeFirstOrThrow();
      const validTill = Number(updated.expires_on);
      const validFrom = validTill - addMs;
      await tx
        .insertInto('subscription_periods')
        .values({
          id: randomUUID(),
          tractor_id: item.tractor_id,
          pack,
          valid_from: validFrom,
          valid_till: validTill,
          amount_paid_paise: item.basic_paise,
          order_id: order.id,
          created_at: now,
        })
        .execute();
      lines.push({
        vin: item.vin,
        regNo: item.reg_no,
        validFrom: Math.floor(validFrom / 1000),
        validTill: Math.floor(validTill / 1000),
        taxablePaise: item.basic_paise,
      });
    }

    const fy = financialYear(now);
    const counter = await tx
      .insertInto('invoice_counters')
      .values({ financial_year: fy, last_sequence: 1 })
      .onConflict((oc) => oc.column('financial_year').doUpdateSet({ last_sequence: sql`invoice_counters.last_sequence + 1` }))
      .returning('last_sequence')
      .executeTakeFirstOrThrow();
    const sequence = Number(counter.last_sequence);
    const number = invoiceNumber(settings.invoice.prefix, fy, sequence);
    const user = await tx.selectFrom('users').select(['name', 'mobile_no']).where('id', '=', order.user_id).executeTakeFirstOrThrow();
    const first = items[0];
    const address = first ? [first.address, first.city, first.pincode].filter(Boolean).join(', ') : '';
    const invoice = buildInvoice({ number, issuedAt: now, order, paymentId, recipient: { name: user.name, mobile: user.mobile_no, address }, lines }, settings);
    await tx
      .insertInto('invoices')
      .values({ order_id: order.id, number, financial_year: fy, sequence, issued_at: now, body: JSON.stringify(invoice) })
      .execute();
    return true;
  });
}
