import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { BookingPaymentResponse, BookingView } from '@tractorlink/domain/service-booking-api';
import { hmacHex } from '../src/providers/payments/payment-gateway';
import { expectError, get, post } from './support/api';
import { booked, dealerStep, operator, OPERATOR_KEY } from './support/bookings';
import { dbTargets } from './support/db-targets';
import { localGateway, payOnGatewayPage, postCallback as postFields, postWebhook } from './support/payments';
import { type TestContext, useTestApp } from './support/harness';
import { ownerWithTractor } from './support/vehicles';

/** A repair: ₹800 + 9 % CGST + 9 % SGST (the farm is in the supplier's state). */
const REPAIR_TOTAL = 94_400;

const paymentIdOf = (checkoutUrl: string) => /\/payments\/(bpay_[0-9a-f]{24})\/checkout$/.exec(checkoutUrl)?.[1] ?? '';

async function paymentRow(t: TestContext, bookingId: string) {
  return t.database.db.kysely.selectFrom('booking_payments').selectAll().where('booking_id', '=', bookingId).executeTakeFirstOrThrow();
}

const postCallback = (app: FastifyInstance, paymentId: string, fields: Record<string, string>) =>
  postFields(app, `service-bookings/payments/callback?paymentId=${paymentId}`, fields);

describe.each(dbTargets)('paying a service booking online, $name', (target) => {
  const t = useTestApp(target, { OPERATOR_KEY });

  /** An owner with a repair booked to be paid online, and its payment asked for. */
  async function onlineBooking(mobile?: string) {
    const { owner, tractor } = await ownerWithTractor(t, mobile);
    const token = owner.accessToken;
    const booking = await booked(t.app, token, tractor, { payment: 'online' });
    const res = await post(t.app, `service-bookings/${booking.bookingId}/payment`, undefined, { token });
    expect(res.statusCode, res.body).toBe(201);
    const { checkoutUrl } = res.json<BookingPaymentResponse>();
    return { owner, tractor, token, booking, checkoutUrl, paymentId: paymentIdOf(checkoutUrl) };
  }

  const view = async (token: string, bookingId: string) => (await get(t.app, `service-bookings/${bookingId}`, { token })).json<BookingView>();

  it("makes one gateway order for the booking's total as the server priced it, answered again while unpaid; another owner's booking is 404", async () => {
    const { token, booking, checkoutUrl, paymentId } = await onlineBooking();
    expect(booking).toMatchObject({ payment: 'online', paymentStatus: 'none', paidAt: null, refundDue: false, charge: { totalPaise: REPAIR_TOTAL } });
    expect(checkoutUrl).toBe(`/api/v1/service-bookings/payments/${paymentId}/checkout`);
    expect(await view(token, booking.bookingId)).toMatchObject({ paymentStatus: 'pending' });
    // The same payment again (a double tap, a retry): one gateway order.
    const again = await post(t.app, `service-bookings/${booking.bookingId}/payment`, undefined, { token });
    expect({ status: again.statusCode, body: again.json<BookingPaymentResponse>() }).toEqual({ status: 200, body: { checkoutUrl } });
    expect(await t.database.db.kysely.selectFrom('booking_payments').select('id').execute()).toHaveLength(1);
    // The amount is the server's: a client's is refused, and the gateway was asked for the booking's total.
    expectError(await post(t.app, `service-bookings/${booking.bookingId}/payment`, { amount: 100 }, { token }), 'VALIDATION_FAILED');
    const row = await paymentRow(t, booking.bookingId);
    expect(Number(row.amount_paise)).toBe(REPAIR_TOTAL);
    const paid = localGateway(t.app).pay(row.gateway_order_id, 'success');
    expect(JSON.parse(paid?.webhook.body ?? '{}').payload.payment.entity.amount).toBe(REPAIR_TOTAL);

    const intruder = await ownerWithTractor(t, '9822012345');
    expectError(await post(t.app, `service-bookings/${booking.bookingId}/payment`, undefined, { token: intruder.owner.accessToken }), 'NOT_FOUND');
    expectError(await post(t.app, `service-bookings/bk_${'0'.repeat(24)}/payment`, undefined, { token: intruder.owner.accessToken }), 'NOT_FOUND');
    expectError(await post(t.app, `service-bookings/${booking.bookingId}/payment`), 'UNAUTHENTICATED');
    // An unknown payment's checkout is not found; a malformed one is refused by its shape.
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/service-bookings/payments/bpay_${'0'.repeat(24)}/checkout` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/service-bookings/payments/nope/checkout' })).statusCode).toBe(400);
  });

  it('checkout → pay at the local gateway → signed callback: back on the status as paid; the checkout again goes to the status', async () => {
    const { token, booking, checkoutUrl, paymentId } = await onlineBooking();
    const page = await t.app.inject({ method: 'GET', url: checkoutUrl });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toMatch(/script-src 'nonce-/);
    expect(page.body).toContain('₹944.00');
    expect(page.body).toContain(booking.referenceId);

    const { callbackUrl, fields } = await payOnGatewayPage(t.app, page.body);
    expect(new URL(callbackUrl).pathname).toBe('/api/v1/service-bookings/payments/callback');
    const back = await postCallback(t.app, paymentId, fields);
    expect({ status: back.statusCode, location: back.headers.location }).toEqual({
      status: 303,
      location: `/#/booking-status?bookingId=${booking.bookingId}&paid=1`,
    });

    const shown = await view(token, booking.bookingId);
    expect(shown).toMatchObject({ payment: 'online', paymentStatus: 'paid', paidAt: expect.any(Number), refundDue: false });
    expect((await paymentRow(t, booking.bookingId)).gateway_payment_id).toBe(fields.razorpay_payment_id);
    const checkout = await t.app.inject({ method: 'GET', url: checkoutUrl });
    expect({ status: checkout.statusCode, location: checkout.headers.location }).toEqual({
      status: 303,
      location: `/#/booking-status?bookingId=${booking.bookingId}&paid=1`,
    });
    expectError(await post(t.app, `service-bookings/${booking.bookingId}/payment`, undefined, { token }), 'BOOKING_ALREADY_PAID');
  });

  it('a forged callback signature or webhook settles nothing', async () => {
    const { token, booking, paymentId } = await onlineBooking();
    const gatewayId = (await paymentRow(t, booking.bookingId)).gateway_order_id;
    const forged = {
      razorpay_payment_id: 'pay_forged0000001',
      razorpay_order_id: gatewayId,
      razorpay_signature: hmacHex('not-the-secret', `${gatewayId}|pay_forged0000001`),
    };
    expect((await postCallback(t.app, paymentId, forged)).headers.location).toBe(`/#/booking-status?bookingId=${booking.bookingId}&failed=1`);
    // A genuine signature for another gateway order is no proof for this one.
    const gateway = localGateway(t.app);
    const elsewhere = {
      razorpay_payment_id: 'pay_other00000001',
      razorpay_order_id: 'order_00000000000000',
      razorpay_signature: hmacHex(gateway.keySecret, 'order_00000000000000|pay_other00000001'),
    };
    expect((await postCallback(t.app, paymentId, elsewhere)).headers.location).toContain('failed=1');
    const body = JSON.stringify({
      event: 'payment.captured',
      payload: { payment: { entity: { id: 'pay_forged0000001', order_id: gatewayId, amount: REPAIR_TOTAL } } },
    });
    expectError(await postWebhook(t.app, body, hmacHex('not-the-secret', body), 'evt_forged'), 'WEBHOOK_SIGNATURE_INVALID');
    expect(await view(token, booking.bookingId)).toMatchObject({ paymentStatus: 'pending', paidAt: null });
    expect((await paymentRow(t, booking.bookingId)).gateway_payment_id).toBeNull();
  });

  it('callback, webhook and reconciliation racing for one payment settle it exactly once; a changed amount is never counted', async () => {
    const { token, booking, paymentId } = await onlineBooking();
    const payments = t.app.services.serviceBookings.payments;
    const settle = vi.spyOn(payments as unknown as { settle: (...args: unknown[]) => Promise<boolean> }, 'settle');
    const row = await paymentRow(t, booking.bookingId);
    const gateway = localGateway(t.app);
    const result = gateway.pay(row.gateway_order_id, 'success');
    if (!result) throw new Error('no payment');
    const tampered = result.webhook.body.replace(`"amount":${REPAIR_TOTAL}`, '"amount":100');
    expect((await postWebhook(t.app, tampered, hmacHex(gateway.webhookSecret, tampered), 'evt_tampered')).json()).toEqual({ status: 'processed' });
    expect((await paymentRow(t, booking.bookingId)).status).toBe('pending');
    settle.mockClear();

    // The callback never came back quickly: the job finds it due while the callback and webhook arrive.
    t.clock.advance(61_000);
    const [callback, webhook, reconciled, callbackAgain, webhookAgain] = await Promise.all([
      postCallback(t.app, paymentId, result.callbackFields),
      postWebhook(t.app, result.webhook.body, result.webhook.signature, result.webhook.eventId),
      payments.reconcileDue(),
      postCallback(t.app, paymentId, result.callbackFields),
      postWebhook(t.app, result.webhook.body, result.webhook.signature, 'evt_same_payment_other_id'),
    ]);
    expect(callback.headers.location).toContain('paid=1');
    expect(callbackAgain.headers.location).toContain('paid=1');
    expect([webhook.statusCode, webhookAgain.statusCode]).toEqual([200, 200]);
    expect(reconciled).toBeLessThanOrEqual(1);
    const outcomes = await Promise.all(settle.mock.results.map((r) => r.value as Promise<boolean>));
    expect(outcomes.length).toBeGreaterThanOrEqual(4);
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    settle.mockRestore();
    expect(await view(token, booking.bookingId)).toMatchObject({ paymentStatus: 'paid' });
    // A replayed event is a duplicate; the job finds nothing more to do.
    expect((await postWebhook(t.app, result.webhook.body, result.webhook.signature, result.webhook.eventId)).json()).toEqual({ status: 'duplicate' });
    t.clock.advance(61_000);
    expect(await payments.reconcileDue()).toBe(0);
  });

  it('a payment whose callback never came is settled by the job a minute later, or when the owner looks', async () => {
    const first = await onlineBooking();
    const second = await onlineBooking('9822012345');
    const gateway = localGateway(t.app);
    gateway.pay((await paymentRow(t, first.booking.bookingId)).gateway_order_id, 'success');
    gateway.pay((await paymentRow(t, second.booking.bookingId)).gateway_order_id, 'success');
    // The owner opens the status screen: the gateway is asked and it shows paid.
    expect(await view(first.token, first.booking.bookingId)).toMatchObject({ paymentStatus: 'paid' });
    expect(await t.app.services.serviceBookings.payments.reconcileDue()).toBe(0);
    t.clock.advance(61_000);
    expect(await t.app.services.serviceBookings.payments.reconcileDue()).toBe(1);
    expect(await view(second.token, second.booking.bookingId)).toMatchObject({ paymentStatus: 'paid' });
  });

  it('the failure button marks the try failed; Pay now again reuses the order and pays it', async () => {
    const { token, booking, checkoutUrl, paymentId } = await onlineBooking();
    const gateway = localGateway(t.app);
    const gatewayId = (await paymentRow(t, booking.bookingId)).gateway_order_id;
    const failed = gateway.pay(gatewayId, 'failure');
    if (!failed) throw new Error('no payment');
    expect((await postCallback(t.app, paymentId, failed.callbackFields)).headers.location).toBe(`/#/booking-status?bookingId=${booking.bookingId}&failed=1`);
    expect(await view(token, booking.bookingId)).toMatchObject({ paymentStatus: 'failed' });
    const retry = await post(t.app, `service-bookings/${booking.bookingId}/payment`, undefined, { token });
    expect(retry.json<BookingPaymentResponse>().checkoutUrl).toBe(checkoutUrl);
    expect((await paymentRow(t, booking.bookingId)).status).toBe('pending');
    // The checkout page opens again (the earlier failure does not mark this try failed).
    expect((await t.app.inject({ method: 'GET', url: checkoutUrl })).statusCode).toBe(200);
    expect((await paymentRow(t, booking.bookingId)).status).toBe('pending');
    const paid = gateway.pay(gatewayId, 'success');
    await postCallback(t.app, paymentId, paid?.callbackFields ?? {});
    // The old failure's webhook arrives last: paid stays paid.
    await postWebhook(t.app, failed.webhook.body, failed.webhook.signature, failed.webhook.eventId);
    expect(await view(token, booking.bookingId)).toMatchObject({ paymentStatus: 'paid' });
  });

  it('a gateway that does not answer stores nothing and the owner may try again', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const token = owner.accessToken;
    const booking = await booked(t.app, token, tractor, { payment: 'online' });
    localGateway(t.app).failNext(1);
    expectError(await post(t.app, `service-bookings/${booking.bookingId}/payment`, undefined, { token }), 'PAYMENT_GATEWAY_UNAVAILABLE');
    expect(await t.database.db.kysely.selectFrom('booking_payments').select('id').execute()).toHaveLength(0);
    expect((await post(t.app, `service-bookings/${booking.bookingId}/payment`, undefined, { token })).statusCode).toBe(201);
  });

  it('a free or pay-at-the-farm booking cannot be paid online; a cancelled unpaid one neither', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const token = owner.accessToken;
    // A free periodic service stays free whatever was chosen; a repair without a choice is paid at the farm.
    const free = await booked(t.app, token, tractor, { type: 'periodic', payment: 'online' });
    expect(free).toMatchObject({ payment: 'free', paymentStatus: 'none', charge: { totalPaise: 0 } });
    const atFarm = await booked(t.app, token, tractor, { slot: '11:00' });
    expect(atFarm).toMatchObject({ payment: 'at_farm', paymentStatus: 'none' });
    expectError(await post(t.app, `service-bookings/${free.bookingId}/payment`, undefined, { token }), 'BOOKING_NOT_PAYABLE');
    expectError(await post(t.app, `service-bookings/${atFarm.bookingId}/payment`, undefined, { token }), 'BOOKING_NOT_PAYABLE');
    const online = await booked(t.app, token, tractor, { slot: '14:00', payment: 'online' });
    await post(t.app, `service-bookings/${online.bookingId}/cancel`, { reason: 'Not needed' }, { token });
    expectError(await post(t.app, `service-bookings/${online.bookingId}/payment`, undefined, { token }), 'BOOKING_FINISHED');
    expect(await view(token, online.bookingId)).toMatchObject({ status: 'cancelled', paymentStatus: 'none', refundDue: false });
    expect(await t.database.db.kysely.selectFrom('booking_payments').select('id').execute()).toHaveLength(0);
  });

  it('a paid booking cancelled by the dealer shows refund due to the owner and to the operator; cancelled by the owner, the fee is non-refundable', async () => {
    const gateway = localGateway(t.app);
    const payFor = async (o: Awaited<ReturnType<typeof onlineBooking>>) => {
      const result = gateway.pay((await paymentRow(t, o.booking.bookingId)).gateway_order_id, 'success');
      await postCallback(t.app, o.paymentId, result?.callbackFields ?? {});
    };
    const mine = await onlineBooking();
    await payFor(mine);
    const cancelled = await post(t.app, `service-bookings/${mine.booking.bookingId}/cancel`, { reason: 'Not needed' }, { token: mine.token });
    expect(cancelled.json<BookingView>()).toMatchObject({ status: 'cancelled', paymentStatus: 'paid', refundDue: false });

    const theirs = await onlineBooking('9822012345');
    await payFor(theirs);
    expect((await dealerStep(t.app, theirs.booking.bookingId, { status: 'cancelled', reason: 'Mechanic unwell' })).statusCode).toBe(200);
    expect(await view(theirs.token, theirs.booking.bookingId)).toMatchObject({ status: 'cancelled', refundDue: true });

    const list = (await get(t.app, 'operator/service-bookings?status=cancelled', operator)).json<{ data: BookingView[] }>();
    expect(list.data.map((b) => [b.bookingId, b.refundDue]).sort()).toEqual(
      [
        [mine.booking.bookingId, false],
        [theirs.booking.bookingId, true],
      ].sort(),
    );
    // A cancelled booking's checkout sends the owner back to its status: nothing more is taken.
    const checkout = await t.app.inject({ method: 'GET', url: mine.checkoutUrl });
    expect(checkout.headers.location).toBe(`/#/booking-status?bookingId=${mine.booking.bookingId}&paid=1`);
  });
});
