import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { HistoryEntry, InvoiceView, OrderView, Scheme } from '@tractorlink/domain/subscription-api';
import { DAY_MS } from '@tractorlink/domain/time';
import { hmacHex } from '../src/providers/payments/payment-gateway';
import { expectError, get, post } from './support/api';
import { dbTargets } from './support/db-targets';
import { gatewayOrderId, localGateway, payOnGatewayPage, placeOrder, postCallback as postFields, postWebhook } from './support/payments';
import { type TestContext, useTestApp } from './support/harness';
import { TEST_START } from './support/test-clock';
import { ownerWithTractor } from './support/vehicles';

const YEAR_PRICE = 199_900; // paise, before GST (the default 1999 rupees)
const YEAR_TOTAL = 235_882; // + 18 %

async function expiresOn(t: TestContext, vin: string): Promise<number> {
  const row = await t.database.db.kysely.selectFrom('tractors').select('expires_on').where('vin', '=', vin).executeTakeFirstOrThrow();
  return Number(row.expires_on);
}

/** The browser posting the gateway's fields to our callback, as checkout does. */
const postCallback = (app: FastifyInstance, orderId: string, fields: Record<string, string>) =>
  postFields(app, `subscription/payments/callback?orderId=${orderId}`, fields);

describe.each(dbTargets)('renewal and payment, $name', (target) => {
  const t = useTestApp(target);

  it("GetScheme gives the packs with server prices and where the subscription stands; another owner's VIN is 404", async () => {
    const { owner, tractor } = await ownerWithTractor(t, '9876543210', { expiresOn: TEST_START + 3 * DAY_MS, isNewTractor: false });
    const res = await get(t.app, `subscription/Scheme/GetScheme?VIN=${tractor.vin}`, { token: owner.accessToken });
    expect(res.statusCode, res.body).toBe(200);
    const [scheme] = res.json<{ result: Scheme[] }>().result;
    expect(scheme).toMatchObject({
      vin: tractor.vin,
      state: 'expiring',
      daysLeft: 3,
      packs: [
        { pack: 'month', days: 30, basicPaise: 19_900 },
        { pack: 'year', days: 365, basicPaise: YEAR_PRICE },
      ],
    });
    const other = await ownerWithTractor(t, '9822012345');
    expectError(await get(t.app, `subscription/Scheme/GetScheme?VIN=${other.tractor.vin}`, { token: owner.accessToken }), 'NOT_FOUND');
    expectError(await get(t.app, `subscription/Scheme/GetScheme?VIN=${tractor.vin}`), 'UNAUTHENTICATED');
  });

  it("the order is priced on the server: an amount from the client, an unknown pack or another owner's tractor is refused", async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const other = await ownerWithTractor(t, '9822012345');
    const token = owner.accessToken;
    expectError(await post(t.app, 'subscription/orders', { vins: [tractor.vin], pack: 'year', amount: 100 }, { token }), 'VALIDATION_FAILED');
    expectError(await post(t.app, 'subscription/orders', { vins: [tractor.vin], pack: 'week' }, { token }), 'VALIDATION_FAILED');
    expectError(await post(t.app, 'subscription/orders', { vins: [tractor.vin, tractor.vin], pack: 'year' }, { token }), 'VALIDATION_FAILED');
    expectError(await post(t.app, 'subscription/orders', { vins: [tractor.vin, other.tractor.vin], pack: 'year' }, { token }), 'NOT_FOUND');
    const placed = await placeOrder(t.app, token, [tractor.vin]);
    expect(placed).toMatchObject({ status: 'pending', basicPaise: YEAR_PRICE, cgstPaise: 17_991, sgstPaise: 17_991, igstPaise: 0, totalPaise: YEAR_TOTAL });
    expect(placed.checkoutUrl).toBe(`/api/v1/subscription/orders/${placed.orderId}/checkout`);
    // The gateway was asked for the server's amount.
    const payment = localGateway(t.app).pay(await gatewayOrderId(t, placed.orderId), 'success');
    expect(JSON.parse(payment?.webhook.body ?? '{}').payload.payment.entity.amount).toBe(YEAR_TOTAL);
  });

  it('checkout → pay at the local gateway → signed callback: paid once, extended a year, history and a GST invoice', async () => {
    const { owner, tractor } = await ownerWithTractor(t, '9876543210', { expiresOn: TEST_START + 3 * DAY_MS, isNewTractor: false });
    const token = owner.accessToken;
    const placed = await placeOrder(t.app, token, [tractor.vin]);
    const page = await t.app.inject({ method: 'GET', url: placed.checkoutUrl ?? '' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toMatch(/script-src 'nonce-/);
    expect(page.body).toContain('₹2,358.82');
    expect(page.body).toContain(placed.referenceId);

    // The success button: the gateway answers with a page posting the signed result back.
    const { fields } = await payOnGatewayPage(t.app, page.body);
    expect(Object.keys(fields).sort()).toEqual(['razorpay_order_id', 'razorpay_payment_id', 'razorpay_signature']);

    const back = await postCallback(t.app, placed.orderId, fields);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/#/payment-success?orderId=${placed.orderId}`);
    expect(await expiresOn(t, tractor.vin)).toBe(TEST_START + 368 * DAY_MS);
    // The same callback again (a reload) extends nothing more.
    expect((await postCallback(t.app, placed.orderId, fields)).headers.location).toContain('payment-success');
    expect(await expiresOn(t, tractor.vin)).toBe(TEST_START + 368 * DAY_MS);

    const view = (await get(t.app, `subscription/orders/${placed.orderId}`, { token })).json<OrderView>();
    expect(view).toMatchObject({ status: 'paid', transactionId: fields.razorpay_payment_id, invoiceNumber: 'TL/26-27/000001', checkoutUrl: null });
    expect(view.items[0]).toMatchObject({ validFrom: (TEST_START + 3 * DAY_MS) / 1000, validTill: (TEST_START + 368 * DAY_MS) / 1000 });

    const history = (await get(t.app, `subscription/history?vin=${tractor.vin}`, { token })).json<{ data: HistoryEntry[] }>();
    expect(history.data).toEqual([
      {
        pack: 'year',
        validFrom: (TEST_START + 3 * DAY_MS) / 1000,
        validTill: (TEST_START + 368 * DAY_MS) / 1000,
        amountPaidPaise: YEAR_PRICE,
        transactionId: fields.razorpay_payment_id,
        referenceId: placed.referenceId,
        orderId: placed.orderId,
        invoice: 'ready',
      },
    ]);

    const invoice = (await get(t.app, `subscription/invoices/${placed.orderId}`, { token })).json<InvoiceView>();
    expect(invoice).toMatchObject({
      number: 'TL/26-27/000001',
      supplier: { gstin: '27AAFCT1234K1Z5', state: 'Maharashtra' },
      recipient: { state: 'Maharashtra', mobile: '9876543210' },
      placeOfSupply: 'Maharashtra (27)',
      sac: '998319',
      taxablePaise: YEAR_PRICE,
      cgstPaise: 17_991,
      sgstPaise: 17_991,
      igstPaise: 0,
      totalPaise: YEAR_TOTAL,
      totalInWords: 'Rupees Two Thousand Three Hundred Fifty-Eight and Eighty-Two Paise Only',
    });
    expect(invoice.number.length).toBeLessThanOrEqual(16);

    // The amount in words is in the reader's language (asked for, else the owner's); the rest as issued.
    const inHindi = (await get(t.app, `subscription/invoices/${placed.orderId}?language=hi`, { token })).json<InvoiceView>();
    expect(inHindi.totalInWords).toBe('रुपये दो हज़ार तीन सौ अट्ठावन और बयासी पैसे मात्र'.normalize('NFC'));
    expect({ ...inHindi, totalInWords: invoice.totalInWords }).toEqual(invoice);
    await t.database.db.kysely.updateTable('users').set({ language: 'ta' }).where('mobile_no', '=', '9876543210').execute();
    expect((await get(t.app, `subscription/invoices/${placed.orderId}`, { token })).json<InvoiceView>().totalInWords).toBe(
      'ரூபாய் இரண்டாயிரத்து முந்நூற்று ஐம்பத்தெட்டு மற்றும் எண்பத்திரண்டு பைசா மட்டும்',
    );
    expectError(await get(t.app, `subscription/invoices/${placed.orderId}?language=xx`, { token }), 'VALIDATION_FAILED');

    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/v1/subscription/invoices/${placed.orderId}/pdf?language=hi`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('an owner in another state pays IGST 18 %', async () => {
    const { owner, tractor } = await ownerWithTractor(t, '9876543210', { state: 'Gujarat' });
    const placed = await placeOrder(t.app, owner.accessToken, [tractor.vin]);
    expect(placed).toMatchObject({ cgstPaise: 0, sgstPaise: 0, igstPaise: 35_982, totalPaise: YEAR_TOTAL });
  });

  it('a forged callback signature or webhook extends nothing', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const before = await expiresOn(t, tractor.vin);
    const placed = await placeOrder(t.app, owner.accessToken, [tractor.vin]);
    const gatewayId = await gatewayOrderId(t, placed.orderId);
    const forged = {
      razorpay_payment_id: 'pay_forged0000001',
      razorpay_order_id: gatewayId,
      razorpay_signature: hmacHex('not-the-secret', `${gatewayId}|pay_forged0000001`),
    };
    expect((await postCallback(t.app, placed.orderId, forged)).headers.location).toContain('payment-failed');
    const body = JSON.stringify({
      event: 'payment.captured',
      payload: { payment: { entity: { id: 'pay_forged0000001', order_id: gatewayId, amount: YEAR_TOTAL } } },
    });
    expectError(await postWebhook(t.app, body, hmacHex('not-the-secret', body), 'evt_forged'), 'WEBHOOK_SIGNATURE_INVALID');
    expect(await expiresOn(t, tractor.vin)).toBe(before);
    expect((await get(t.app, `subscription/orders/${placed.orderId}`, { token: owner.accessToken })).json<OrderView>().status).toBe('pending');
  });

  it('a webhook before the callback, a replayed webhook and an amount changed on the way: exactly one extension', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const before = await expiresOn(t, tractor.vin);
    const gateway = localGateway(t.app);
    const placed = await placeOrder(t.app, owner.accessToken, [tractor.vin]);
    const result = gateway.pay(await gatewayOrderId(t, placed.orderId), 'success');
    if (!result) throw new Error('no payment');

    // A webhook claiming a different amount for this order is not money we count.
    const tampered = result.webhook.body.replace(`"amount":${YEAR_TOTAL}`, '"amount":100');
    expect((await postWebhook(t.app, tampered, hmacHex(gateway.webhookSecret, tampered), 'evt_tampered')).statusCode).toBe(200);
    expect(await expiresOn(t, tractor.vin)).toBe(before);

    const first = await postWebhook(t.app, result.webhook.body, result.webhook.signature, result.webhook.eventId);
    expect(first.json()).toEqual({ status: 'processed' });
    expect((await postWebhook(t.app, result.webhook.body, result.webhook.signature, result.webhook.eventId)).json()).toEqual({ status: 'duplicate' });
    // The same event under a new id (the gateway retried differently) and the late callback: no more days.
    await postWebhook(t.app, result.webhook.body, result.webhook.signature, 'evt_other_id');
    expect((await postCallback(t.app, placed.orderId, result.callbackFields)).headers.location).toContain('payment-success');
    expect(await expiresOn(t, tractor.vin)).toBe(before + 365 * DAY_MS);
    const periods = await t.database.db.kysely.selectFrom('subscription_periods').select('id').where('order_id', '=', placed.orderId).execute();
    expect(periods).toHaveLength(1);
  });

  it('a second payment for an order already paid extends nothing, and its checkout page sends the owner to the result', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const before = await expiresOn(t, tractor.vin);
    const gateway = localGateway(t.app);
    const placed = await placeOrder(t.app, owner.accessToken, [tractor.vin]);
    const gatewayId = await gatewayOrderId(t, placed.orderId);
    const first = gateway.pay(gatewayId, 'success');
    const second = gateway.pay(gatewayId, 'success');
    if (!first || !second) throw new Error('no payment');
    await postCallback(t.app, placed.orderId, first.callbackFields);
    expect((await postCallback(t.app, placed.orderId, second.callbackFields)).headers.location).toContain('payment-success');
    await postWebhook(t.app, second.webhook.body, second.webhook.signature, second.webhook.eventId);
    expect(await expiresOn(t, tractor.vin)).toBe(before + 365 * DAY_MS);
    const view = (await get(t.app, `subscription/orders/${placed.orderId}`, { token: owner.accessToken })).json<OrderView>();
    expect(view.transactionId).toBe(first.callbackFields.razorpay_payment_id);
    const checkout = await t.app.inject({ method: 'GET', url: `/api/v1/subscription/orders/${placed.orderId}/checkout` });
    expect({ status: checkout.statusCode, location: checkout.headers.location }).toEqual({
      status: 303,
      location: `/#/payment-success?orderId=${placed.orderId}`,
    });
  });

  it('the failure button leads to the failure page and extends nothing; a failure event after the capture changes nothing', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const before = await expiresOn(t, tractor.vin);
    const gateway = localGateway(t.app);
    const placed = await placeOrder(t.app, owner.accessToken, [tractor.vin]);
    const failed = gateway.pay(await gatewayOrderId(t, placed.orderId), 'failure');
    if (!failed) throw new Error('no payment');
    expect((await postCallback(t.app, placed.orderId, failed.callbackFields)).headers.location).toBe(`/#/payment-failed?orderId=${placed.orderId}`);
    expect((await get(t.app, `subscription/orders/${placed.orderId}`, { token: owner.accessToken })).json<OrderView>().status).toBe('failed');
    expect(await expiresOn(t, tractor.vin)).toBe(before);

    // The owner tries again on the same order and it goes through; the old failure webhook arrives last.
    const paid = gateway.pay(await gatewayOrderId(t, placed.orderId), 'success');
    if (!paid) throw new Error('no payment');
    await postCallback(t.app, placed.orderId, paid.callbackFields);
    await postWebhook(t.app, failed.webhook.body, failed.webhook.signature, failed.webhook.eventId);
    expect((await get(t.app, `subscription/orders/${placed.orderId}`, { token: owner.accessToken })).json<OrderView>().status).toBe('paid');
    expect(await expiresOn(t, tractor.vin)).toBe(before + 365 * DAY_MS);
  });

  it('a gateway that fails: creating says so, a status check stays pending and unconfirmed, and it is reconciled later, once', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const token = owner.accessToken;
    const before = await expiresOn(t, tractor.vin);
    const gateway = localGateway(t.app);
    gateway.failNext(1);
    expectError(await post(t.app, 'subscription/orders', { vins: [tractor.vin], pack: 'month' }, { token }), 'PAYMENT_GATEWAY_UNAVAILABLE');

    // Charged at the gateway, but the browser never came back (the phone lost signal).
    const placed = await placeOrder(t.app, token, [tractor.vin], 'month');
    gateway.pay(await gatewayOrderId(t, placed.orderId), 'success');
    gateway.failNext(1);
    const unsure = (await get(t.app, `subscription/orders/${placed.orderId}`, { token })).json<OrderView>();
    expect(unsure).toMatchObject({ status: 'pending', unconfirmed: true });
    const history = (await get(t.app, `subscription/history?vin=${tractor.vin}`, { token })).json<{ pending: OrderView[] }>();
    expect(history.pending.map((o) => o.orderId)).toEqual([placed.orderId]);
    expect(await expiresOn(t, tractor.vin)).toBe(before);

    // The background job settles it from the gateway a minute later; running it again adds nothing.
    t.clock.advance(61_000);
    expect(await t.app.services.subscriptions.service.reconcileDue()).toBe(1);
    t.clock.advance(61_000);
    expect(await t.app.services.subscriptions.service.reconcileDue()).toBe(0);
    expect((await get(t.app, `subscription/orders/${placed.orderId}`, { token })).json<OrderView>()).toMatchObject({ status: 'paid', unconfirmed: false });
    expect(await expiresOn(t, tractor.vin)).toBe(before + 30 * DAY_MS);
  });

  it('invoice numbers stay gapless and each tractor extended once under 20 concurrent payments (callback and webhook racing)', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const token = owner.accessToken;
    const before = await expiresOn(t, tractor.vin);
    const gateway = localGateway(t.app);
    const orders = [];
    for (let i = 0; i < 20; i++) orders.push(await placeOrder(t.app, token, [tractor.vin], 'month'));
    const payments = await Promise.all(orders.map(async (o) => ({ o, result: gateway.pay(await gatewayOrderId(t, o.orderId), 'success') })));
    await Promise.all(
      payments.flatMap(({ o, result }) => {
        if (!result) throw new Error('no payment');
        return [
          postCallback(t.app, o.orderId, result.callbackFields),
          postWebhook(t.app, result.webhook.body, result.webhook.signature, result.webhook.eventId),
        ];
      }),
    );
    const invoices = await t.database.db.kysely.selectFrom('invoices').select(['number', 'sequence']).orderBy('sequence').execute();
    expect(invoices.map((i) => i.sequence)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(new Set(invoices.map((i) => i.number)).size).toBe(20);
    // Twenty month packs, all counted: none lost to a race on the tractor's end date.
    expect(await expiresOn(t, tractor.vin)).toBe(before + 20 * 30 * DAY_MS);
  });

  it("another owner's orders, history and invoices are 404; an unpaid order's invoice is being processed", async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const intruder = await ownerWithTractor(t, '9822012345');
    const placed = await placeOrder(t.app, owner.accessToken, [tractor.vin]);
    expectError(await get(t.app, `subscription/invoices/${placed.orderId}`, { token: owner.accessToken }), 'INVOICE_PROCESSING');
    const result = localGateway(t.app).pay(await gatewayOrderId(t, placed.orderId), 'success');
    await postCallback(t.app, placed.orderId, result?.callbackFields ?? {});
    const token = intruder.owner.accessToken;
    for (const path of [
      `subscription/orders/${placed.orderId}`,
      `subscription/invoices/${placed.orderId}`,
      `subscription/invoices/${placed.orderId}/pdf`,
      `subscription/history?vin=${tractor.vin}`,
    ]) {
      expectError(await get(t.app, path, { token }), 'NOT_FOUND');
    }
  });

  it('a new tractor starts on the free pack when its owner adds it', async () => {
    const { owner, tractor } = await ownerWithTractor(t, '9876543210', { expiresOn: TEST_START, isNewTractor: true });
    expect(await expiresOn(t, tractor.vin)).toBe(TEST_START + 30 * DAY_MS);
    const [scheme] = (await get(t.app, `subscription/Scheme/GetScheme?VIN=${tractor.vin}`, { token: owner.accessToken })).json<{ result: Scheme[] }>().result;
    expect(scheme).toMatchObject({ pack: 'free', state: 'free', daysLeft: 30 });
    const history = (await get(t.app, `subscription/history?vin=${tractor.vin}`, { token: owner.accessToken })).json<{ data: HistoryEntry[] }>();
    expect(history.data).toEqual([
      {
        pack: 'free',
        validFrom: TEST_START / 1000,
        validTill: (TEST_START + 30 * DAY_MS) / 1000,
        amountPaidPaise: 0,
        transactionId: null,
        referenceId: null,
        orderId: null,
        invoice: null,
      },
    ]);
  });
});
