import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { amountInWords } from '@tractorlink/domain/amount-words';
import { DEFAULT_INVOICE_SERVICE } from '@tractorlink/domain/subscription';
import type { InvoiceView, OrderView } from '@tractorlink/domain/subscription-api';
import { DAY_MS, istMidnight } from '@tractorlink/domain/time';
import { loadConfig } from '../src/config';
import { hmacHex } from '../src/providers/payments/payment-gateway';
import { expectError, get, post } from './support/api';
import { dbTargets } from './support/db-targets';
import { type TestContext, useTestApp } from './support/harness';
import { localGateway, postCallback, postWebhook, placeOrder, gatewayOrderId } from './support/payments';
import { provisionTractor } from './support/tractors';
import { ownerWithTractor } from './support/vehicles';

/**
 * Money audit, GST invoices: what an accountant checks on every invoice (CGST Rules r. 46; IGST Act
 * s. 12 place of supply), for odd amounts, and numbering under concurrent payments.
 */

/** Pays an order at the app's local gateway and posts the signed callback back: the invoice is issued. */
async function payAndInvoice(t: TestContext, app: FastifyInstance, token: string, order: OrderView): Promise<InvoiceView> {
  const result = localGateway(app).pay(await gatewayOrderId(t, order.orderId), 'success');
  if (!result) throw new Error('no payment');
  await postCallback(app, `subscription/payments/callback?orderId=${order.orderId}`, result.callbackFields);
  const res = await get(app, `subscription/invoices/${order.orderId}?language=en`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<InvoiceView>();
}

/** Every line of the invoice adds up, its words say its total, and nothing a tax invoice must carry is missing. */
function expectSound(invoice: InvoiceView): void {
  expect(invoice.lines.reduce((sum, l) => sum + l.taxablePaise, 0)).toBe(invoice.taxablePaise);
  expect(invoice.totalPaise).toBe(invoice.taxablePaise + invoice.cgstPaise + invoice.sgstPaise + invoice.igstPaise);
  expect(invoice.cgstPaise).toBe(invoice.sgstPaise);
  // One of the two regimes, never both.
  expect(invoice.igstPaise === 0 || invoice.cgstPaise + invoice.sgstPaise === 0).toBe(true);
  expect(invoice.totalInWords).toBe(amountInWords(invoice.totalPaise, 'en'));
  for (const value of [
    invoice.supplier.gstin,
    invoice.supplier.name,
    invoice.supplier.address,
    invoice.number,
    invoice.placeOfSupply,
    invoice.sac,
    invoice.recipient.name,
    invoice.recipient.address,
  ])
    expect(value.trim()).not.toBe('');
  expect(invoice.issuedAt).toBeGreaterThan(0);
  expect(invoice.placeOfSupply).toMatch(/ \(\d\d\)$/);
  expect(invoice.number).toMatch(/^TL\/\d\d-\d\d\/\d{6}$/);
}

describe.each(dbTargets)('money audit: GST invoices, $name', (target) => {
  const t = useTestApp(target);

  it('odd prices (₹1, ₹999, ₹1,01,999.99 and ten tractors of it) give invoices whose every total adds up and whose words say the total', async () => {
    const cases: { price: string; tractors: number; state: string; expect: Partial<InvoiceView> }[] = [
      { price: '1', tractors: 1, state: 'Maharashtra', expect: { taxablePaise: 100, cgstPaise: 9, sgstPaise: 9, igstPaise: 0, totalPaise: 118 } },
      { price: '999', tractors: 1, state: 'Gujarat', expect: { taxablePaise: 99_900, igstPaise: 17_982, cgstPaise: 0, totalPaise: 117_882 } },
      {
        price: '101999.99',
        tractors: 1,
        state: 'Maharashtra',
        expect: { taxablePaise: 10_199_999, cgstPaise: 918_000, sgstPaise: 918_000, totalPaise: 12_035_999 },
      },
      {
        price: '101999.99',
        tractors: 10,
        state: 'Tamil Nadu',
        expect: { taxablePaise: 101_999_990, igstPaise: 18_359_998, totalPaise: 120_359_988, placeOfSupply: 'Tamil Nadu (33)' },
      },
    ];
    let mobile = 9_800_000_000;
    for (const c of cases) {
      const app = await t.build({ PACK_YEAR_PRICE_INR: c.price });
      const mobileNo = String(++mobile);
      const { owner, tractor } = await ownerWithTractor(t, mobileNo, { state: c.state });
      const vins = [tractor.vin];
      for (let i = 1; i < c.tractors; i++) {
        const more = await provisionTractor(t.database.db.kysely, { mobileNo, state: c.state });
        expect((await post(app, 'vehicles/claim', { vin: more.vin }, { token: owner.accessToken })).statusCode).toBe(200);
        vins.push(more.vin);
      }
      const invoice = await payAndInvoice(t, app, owner.accessToken, await placeOrder(app, owner.accessToken, vins));
      expect(invoice).toMatchObject(c.expect);
      expect(invoice.lines).toHaveLength(c.tractors);
      expectSound(invoice);
    }
    expect(amountInWords(12_035_999, 'en')).toBe('Rupees One Lakh Twenty Thousand Three Hundred Fifty-Nine and Ninety-Nine Paise Only');
  });

  it("a buyer whose state on record is unknown is supplied in the supplier's state: CGST + SGST, place of supply Maharashtra (27)", async () => {
    const { owner, tractor } = await ownerWithTractor(t, '9876543210', { state: 'Somewhere' });
    const order = await placeOrder(t.app, owner.accessToken, [tractor.vin]);
    expect(order).toMatchObject({ cgstPaise: 17_991, sgstPaise: 17_991, igstPaise: 0, totalPaise: 235_882 });
    const invoice = await payAndInvoice(t, t.app, owner.accessToken, order);
    expect(invoice).toMatchObject({ placeOfSupply: 'Maharashtra (27)', recipient: { state: 'Somewhere' } });
    expectSound(invoice);
  });

  it('one order for tractors in two states bills one address: the place of supply is the state of the address printed, whatever order the tractors came in', async () => {
    const mobileNo = '9876543210';
    const { owner, tractor: home } = await ownerWithTractor(t, mobileNo, { state: 'Maharashtra', address: 'Gat 12, Ozar road', city: 'Niphad' });
    const away = await provisionTractor(t.database.db.kysely, { mobileNo, state: 'Gujarat', address: 'Survey 7, Bardoli road', city: 'Surat' });
    expect((await post(t.app, 'vehicles/claim', { vin: away.vin }, { token: owner.accessToken })).statusCode).toBe(200);
    expect(home.vin < away.vin).toBe(true);
    // The browser lists the Gujarat tractor first.
    const order = await placeOrder(t.app, owner.accessToken, [away.vin, home.vin]);
    const invoice = await payAndInvoice(t, t.app, owner.accessToken, order);
    expect(invoice.recipient.address).toContain('Niphad');
    expect(invoice).toMatchObject({ placeOfSupply: 'Maharashtra (27)', recipient: { state: 'Maharashtra' }, igstPaise: 0, cgstPaise: 2 * 17_991 });
    expectSound(invoice);
  });

  it("the service line's default text is the one the screens translate; the stored invoice keeps it as issued", async () => {
    expect(loadConfig({ NODE_ENV: 'test' }).payments.invoice.service).toBe(DEFAULT_INVOICE_SERVICE);
    const { owner, tractor } = await ownerWithTractor(t);
    const order = await placeOrder(t.app, owner.accessToken, [tractor.vin]);
    await payAndInvoice(t, t.app, owner.accessToken, order);
    const inTamil = (await get(t.app, `subscription/invoices/${order.orderId}?language=ta`, { token: owner.accessToken })).json<InvoiceView>();
    expect(inTamil.serviceDescription).toBe(DEFAULT_INVOICE_SERVICE);
  });

  it('numbers run per financial year (1 April IST) and are never issued for a failed or unpaid order', async () => {
    t.clock.set(istMidnight('2027-04-01') - 5 * 60_000);
    const { owner, tractor } = await ownerWithTractor(t);
    const token = owner.accessToken;
    const failed = await placeOrder(t.app, token, [tractor.vin], 'month');
    const declined = localGateway(t.app).pay(await gatewayOrderId(t, failed.orderId), 'failure');
    await postCallback(t.app, `subscription/payments/callback?orderId=${failed.orderId}`, declined?.callbackFields ?? {});
    expectError(await get(t.app, `subscription/invoices/${failed.orderId}`, { token }), 'NOT_FOUND');
    const unpaid = await placeOrder(t.app, token, [tractor.vin], 'month');
    expectError(await get(t.app, `subscription/invoices/${unpaid.orderId}`, { token }), 'INVOICE_PROCESSING');

    t.clock.set(istMidnight('2027-04-01') - 1000);
    const march = await payAndInvoice(t, t.app, token, await placeOrder(t.app, token, [tractor.vin], 'month'));
    t.clock.set(istMidnight('2027-04-01'));
    const april = await payAndInvoice(t, t.app, token, await placeOrder(t.app, token, [tractor.vin], 'month'));
    expect([march.number, april.number]).toEqual(['TL/26-27/000001', 'TL/27-28/000001']);
    expect(await t.database.db.kysely.selectFrom('invoices').select('number').execute()).toHaveLength(2);
    expect(Math.abs(april.issuedAt * 1000 - istMidnight('2027-04-01'))).toBeLessThan(DAY_MS);
  });

  if (target.name === 'postgres')
    it('20 payments captured at once on two server instances (own connection pools): numbers 1–20, unique and gapless, one per order', async () => {
      const second = await t.build({}, { db: undefined });
      const gatewayA = localGateway(t.app);
      const gatewayB = localGateway(second);
      const mobileNo = '9876543210';
      const { owner, tractor } = await ownerWithTractor(t, mobileNo);
      const vins = [tractor.vin];
      for (let i = 1; i < 4; i++) {
        const more = await provisionTractor(t.database.db.kysely, { mobileNo });
        await post(t.app, 'vehicles/claim', { vin: more.vin }, { token: owner.accessToken });
        vins.push(more.vin);
      }
      const orders: OrderView[] = [];
      for (let i = 0; i < 20; i++) orders.push(await placeOrder(t.app, owner.accessToken, [vins[i % vins.length] ?? ''], 'month'));
      const paid = await Promise.all(
        orders.map(async (order) => {
          const gatewayId = await gatewayOrderId(t, order.orderId);
          const result = gatewayA.pay(gatewayId, 'success');
          if (!result) throw new Error('no payment');
          return { order, gatewayId, result };
        }),
      );
      // Each payment's callback goes to one instance and its webhook to the other, all at once.
      await Promise.all(
        paid.flatMap(({ order, gatewayId, result }, i) => {
          const paymentId = result.callbackFields.razorpay_payment_id ?? '';
          const toB = i % 2 === 0;
          const callbackApp = toB ? second : t.app;
          const callbackSecret = toB ? gatewayB.keySecret : gatewayA.keySecret;
          const webhookApp = toB ? t.app : second;
          const webhookSecret = toB ? gatewayA.webhookSecret : gatewayB.webhookSecret;
          return [
            postCallback(callbackApp, `subscription/payments/callback?orderId=${order.orderId}`, {
              ...result.callbackFields,
              razorpay_signature: hmacHex(callbackSecret, `${gatewayId}|${paymentId}`),
            }),
            postWebhook(webhookApp, result.webhook.body, hmacHex(webhookSecret, result.webhook.body), result.webhook.eventId),
          ];
        }),
      );
      const invoices = await t.database.db.kysely.selectFrom('invoices').select(['number', 'sequence', 'order_id']).orderBy('sequence').execute();
      expect(invoices.map((i) => Number(i.sequence))).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect(invoices.map((i) => i.number)).toEqual(Array.from({ length: 20 }, (_, i) => `TL/26-27/${String(i + 1).padStart(6, '0')}`));
      expect(new Set(invoices.map((i) => i.order_id))).toEqual(new Set(orders.map((o) => o.orderId)));
      const paidOrders = await t.database.db.kysely.selectFrom('subscription_orders').select('id').where('status', '=', 'paid').execute();
      expect(paidOrders).toHaveLength(20);
    });
});
