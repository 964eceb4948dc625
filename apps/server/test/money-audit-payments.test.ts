import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { OrderView } from '@tractorlink/domain/subscription-api';
import { DAY_MS } from '@tractorlink/domain/time';
import { IDEMPOTENCY_HEADER } from '../src/http/idempotency';
import { type PaymentEvent, PaymentWebhook } from '../src/modules/payments/webhook';
import { hmacHex } from '../src/providers/payments/payment-gateway';
import { LocalPaymentGateway } from '../src/providers/payments/local-gateway';
import { expectError, get, post } from './support/api';
import { dbTargets } from './support/db-targets';
import { type TestContext, useTestApp } from './support/harness';
import { localGateway, postCallback, postWebhook, placeOrder, gatewayOrderId } from './support/payments';
import { TEST_START } from './support/test-clock';
import { ownerWithTractor } from './support/vehicles';

/** Money audit, renewal payments: the gateway's messages as an attacker (or a flaky network) sends them. */

const YEAR_TOTAL = 235_882;

async function expiresOn(t: TestContext, vin: string): Promise<number> {
  const row = await t.database.db.kysely.selectFrom('tractors').select('expires_on').where('vin', '=', vin).executeTakeFirstOrThrow();
  return Number(row.expires_on);
}

/** A webhook body as Razorpay signs it, for one payment of one gateway order. */
const event = (name: string, gatewayId: string, paymentId: string, entity: Record<string, unknown> = {}) =>
  JSON.stringify({
    entity: 'event',
    event: name,
    payload: { payment: { entity: { id: paymentId, entity: 'payment', amount: YEAR_TOTAL, currency: 'INR', order_id: gatewayId, ...entity } } },
  });

describe.each(dbTargets)('money audit: renewal payments, $name', (target) => {
  const t = useTestApp(target);

  it('a signed capture of the right number in another currency is not rupees: nothing is extended or invoiced', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const before = await expiresOn(t, tractor.vin);
    const gateway = localGateway(t.app);
    const order = await placeOrder(t.app, owner.accessToken, [tractor.vin]);
    const gatewayId = await gatewayOrderId(t, order.orderId);
    for (const [id, entity] of [
      ['evt_usd', { currency: 'USD' }],
      ['evt_nocurrency', { currency: undefined }],
    ] as const) {
      const body = event('payment.captured', gatewayId, 'pay_dollars000001', entity);
      expect((await postWebhook(t.app, body, hmacHex(gateway.webhookSecret, body), id)).statusCode).toBe(200);
    }
    expect(await expiresOn(t, tractor.vin)).toBe(before);
    expect((await get(t.app, `subscription/orders/${order.orderId}`, { token: owner.accessToken })).json<OrderView>().status).toBe('pending');
    expect(await t.database.db.kysely.selectFrom('invoices').select('number').execute()).toHaveLength(0);
    // The rupee capture of the same order is counted.
    const body = event('payment.captured', gatewayId, 'pay_rupees0000001');
    expect((await postWebhook(t.app, body, hmacHex(gateway.webhookSecret, body), 'evt_inr')).json()).toEqual({ status: 'processed' });
    expect(await expiresOn(t, tractor.vin)).toBe(before + 365 * DAY_MS);
  });

  it('a webhook without a signature, or signed with another secret, is refused before anything is read', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const order = await placeOrder(t.app, owner.accessToken, [tractor.vin]);
    const body = event('payment.captured', await gatewayOrderId(t, order.orderId), 'pay_nosig00000001');
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/v1/subscription/payments/webhook',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expectError(unsigned, 'VALIDATION_FAILED');
    expectError(await postWebhook(t.app, body, '', 'evt_empty'), 'WEBHOOK_SIGNATURE_INVALID');
    expectError(await postWebhook(t.app, body, hmacHex('guessed', body), 'evt_guess'), 'WEBHOOK_SIGNATURE_INVALID');
    // A refused event id is not spent: the genuine event under the same id is still processed.
    const genuine = await postWebhook(t.app, body, hmacHex(localGateway(t.app).webhookSecret, body), 'evt_guess');
    expect(genuine.json()).toEqual({ status: 'processed' });
  });

  it("another owner's signed callback posted to my order settles neither; my order's callback for theirs neither", async () => {
    const mine = await ownerWithTractor(t, '9876543210');
    const theirs = await ownerWithTractor(t, '9822012345');
    const gateway = localGateway(t.app);
    const myOrder = await placeOrder(t.app, mine.owner.accessToken, [mine.tractor.vin]);
    const theirOrder = await placeOrder(t.app, theirs.owner.accessToken, [theirs.tractor.vin]);
    const theirPayment = gateway.pay(await gatewayOrderId(t, theirOrder.orderId), 'success');
    if (!theirPayment) throw new Error('no payment');
    const back = await postCallback(t.app, `subscription/payments/callback?orderId=${myOrder.orderId}`, theirPayment.callbackFields);
    expect(back.headers.location).toBe(`/#/payment-failed?orderId=${myOrder.orderId}`);
    const status = async (token: string, orderId: string) => (await get(t.app, `subscription/orders/${orderId}`, { token })).json<OrderView>().status;
    expect(await status(mine.owner.accessToken, myOrder.orderId)).toBe('pending');
    // Their webhook names their gateway order: it pays their order, never mine.
    await postWebhook(t.app, theirPayment.webhook.body, theirPayment.webhook.signature, theirPayment.webhook.eventId);
    expect(await status(mine.owner.accessToken, myOrder.orderId)).toBe('pending');
    expect(await status(theirs.owner.accessToken, theirOrder.orderId)).toBe('paid');
  });

  it("'authorized' is not money; 'captured' before or without it counts once, twice is still once", async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const before = await expiresOn(t, tractor.vin);
    const secret = localGateway(t.app).webhookSecret;
    const order = await placeOrder(t.app, owner.accessToken, [tractor.vin]);
    const gatewayId = await gatewayOrderId(t, order.orderId);
    const captured = event('payment.captured', gatewayId, 'pay_once00000001');
    const authorized = event('payment.authorized', gatewayId, 'pay_once00000001', { status: 'authorized' });
    expect((await postWebhook(t.app, captured, hmacHex(secret, captured), 'evt_cap1')).json()).toEqual({ status: 'processed' });
    expect((await postWebhook(t.app, authorized, hmacHex(secret, authorized), 'evt_auth')).json()).toEqual({ status: 'ignored' });
    const orderPaid = event('order.paid', gatewayId, 'pay_once00000001');
    await postWebhook(t.app, orderPaid, hmacHex(secret, orderPaid), 'evt_orderpaid');
    await postWebhook(t.app, captured, hmacHex(secret, captured), 'evt_cap2');
    expect(await expiresOn(t, tractor.vin)).toBe(before + 365 * DAY_MS);
    expect(await t.database.db.kysely.selectFrom('invoices').select('number').execute()).toHaveLength(1);
  });

  it('the success page reached without a verified payment grants nothing: the order stays pending until the gateway confirms', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const token = owner.accessToken;
    const before = await expiresOn(t, tractor.vin);
    const order = await placeOrder(t.app, token, [tractor.vin]);
    // The browser lands on #/payment-success?orderId=… by hand: the screen asks for the order.
    expect((await get(t.app, `subscription/orders/${order.orderId}`, { token })).json<OrderView>()).toMatchObject({ status: 'pending' });
    // An unsigned "success" post to the callback (no razorpay_signature) is read as a failure.
    const unsigned = await postCallback(t.app, `subscription/payments/callback?orderId=${order.orderId}`, { razorpay_payment_id: 'pay_fake00000001' });
    expect(unsigned.headers.location).toBe(`/#/payment-failed?orderId=${order.orderId}`);
    expect(await expiresOn(t, tractor.vin)).toBe(before);
    expectError(await get(t.app, `subscription/invoices/${order.orderId}`, { token }), 'NOT_FOUND');
    // The owner really paid (the callback was lost): the next look asks the gateway and settles it.
    localGateway(t.app).pay(await gatewayOrderId(t, order.orderId), 'success');
    t.clock.advance(10_000);
    expect((await get(t.app, `subscription/orders/${order.orderId}`, { token })).json<OrderView>().status).toBe('paid');
    expect(await expiresOn(t, tractor.vin)).toBe(before + 365 * DAY_MS);
  });

  it('a failed try, then a successful retry of the same order whose callback and webhook are both lost: the job still settles it', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const before = await expiresOn(t, tractor.vin);
    const gateway = localGateway(t.app);
    const order = await placeOrder(t.app, owner.accessToken, [tractor.vin], 'month');
    const gatewayId = await gatewayOrderId(t, order.orderId);
    const failed = gateway.pay(gatewayId, 'failure');
    await postCallback(t.app, `subscription/payments/callback?orderId=${order.orderId}`, failed?.callbackFields ?? {});
    // The owner opens the checkout again and pays; the phone loses signal, the webhook never comes.
    expect((await t.app.inject({ method: 'GET', url: order.checkoutUrl ?? '' })).statusCode).toBe(200);
    gateway.pay(gatewayId, 'success');
    t.clock.advance(61_000);
    expect(await t.app.services.subscriptions.service.reconcileDue()).toBe(1);
    expect(await expiresOn(t, tractor.vin)).toBe(before + 30 * DAY_MS);
    expect((await get(t.app, `subscription/orders/${order.orderId}`, { token: owner.accessToken })).json<OrderView>().status).toBe('paid');
  });

  it('a double tap on Continue (the same Idempotency-Key, at once) makes one order', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const key = randomUUID();
    const taps = await Promise.all(
      [1, 2, 3].map(() =>
        post(t.app, 'subscription/orders', { vins: [tractor.vin], pack: 'year' }, { token: owner.accessToken, headers: { [IDEMPOTENCY_HEADER]: key } }),
      ),
    );
    expect(taps.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(taps.map((r) => r.json<OrderView>().orderId)).size).toBe(1);
    expect(await t.database.db.kysely.selectFrom('subscription_orders').select('id').execute()).toHaveLength(1);
  });

  it('renewing early extends from the current end; an expired pack renews from today', async () => {
    const early = await ownerWithTractor(t, '9876543210', { expiresOn: TEST_START + 5 * DAY_MS, isNewTractor: false });
    const late = await ownerWithTractor(t, '9822012345', { expiresOn: TEST_START - 40 * DAY_MS, isNewTractor: false });
    for (const { owner, tractor } of [early, late]) {
      const order = await placeOrder(t.app, owner.accessToken, [tractor.vin], 'month');
      const result = localGateway(t.app).pay(await gatewayOrderId(t, order.orderId), 'success');
      await postCallback(t.app, `subscription/payments/callback?orderId=${order.orderId}`, result?.callbackFields ?? {});
    }
    expect(await expiresOn(t, early.tractor.vin)).toBe(TEST_START + 35 * DAY_MS);
    expect(await expiresOn(t, late.tractor.vin)).toBe(TEST_START + 30 * DAY_MS);
  });

  it('an event the database failed to process is not dropped as a replay when the gateway sends it again', async () => {
    const gateway = new LocalPaymentGateway();
    let failures = 1;
    const seen: PaymentEvent[] = [];
    const webhook = new PaymentWebhook({
      db: t.database.db.kysely,
      clock: t.clock,
      gateway,
      handlers: [
        {
          paymentEvent: async (e) => {
            if (failures-- > 0) throw new Error('database unavailable');
            seen.push(e);
            return 'processed';
          },
        },
      ],
    });
    const body = event('payment.captured', 'order_00000000000001', 'pay_retry0000001');
    const signature = hmacHex(gateway.webhookSecret, body);
    await expect(webhook.receive(Buffer.from(body), signature, 'evt_retry')).rejects.toThrow('database unavailable');
    expect(await webhook.receive(Buffer.from(body), signature, 'evt_retry')).toEqual({ status: 'processed' });
    expect(await webhook.receive(Buffer.from(body), signature, 'evt_retry')).toEqual({ status: 'duplicate' });
    expect(seen).toHaveLength(1);
  });
});
