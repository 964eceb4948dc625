import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { BookingPaymentResponse, BookingView } from '@tractorlink/domain/service-booking-api';
import { hmacHex } from '../src/providers/payments/payment-gateway';
import { get, post } from './support/api';
import { booked, OPERATOR_KEY } from './support/bookings';
import { dbTargets } from './support/db-targets';
import { type TestContext, useTestApp } from './support/harness';
import { localGateway, postCallback as postFields, postWebhook } from './support/payments';
import { ownerWithTractor } from './support/vehicles';

/** Money audit, paid doorstep services: the payment attacks of the packs, and the spec's "fees are non-refundable". */

/** A repair: ₹800 + 9 % CGST + 9 % SGST. */
const REPAIR_TOTAL = 94_400;

const paymentIdOf = (checkoutUrl: string) => /\/payments\/(bpay_[0-9a-f]{24})\/checkout$/.exec(checkoutUrl)?.[1] ?? '';
const postCallback = (app: FastifyInstance, paymentId: string, fields: Record<string, string>) =>
  postFields(app, `service-bookings/payments/callback?paymentId=${paymentId}`, fields);

async function gatewayOrderOf(t: TestContext, bookingId: string): Promise<string> {
  const row = await t.database.db.kysely
    .selectFrom('booking_payments')
    .select('gateway_order_id')
    .where('booking_id', '=', bookingId)
    .executeTakeFirstOrThrow();
  return row.gateway_order_id;
}

describe.each(dbTargets)('money audit: paid doorstep services, $name', (target) => {
  const t = useTestApp(target, { OPERATOR_KEY });

  async function onlineBooking(mobile?: string, slot = '09:00') {
    const { owner, tractor } = await ownerWithTractor(t, mobile);
    const token = owner.accessToken;
    const booking = await booked(t.app, token, tractor, { payment: 'online', slot });
    const res = await post(t.app, `service-bookings/${booking.bookingId}/payment`, undefined, { token });
    expect(res.statusCode, res.body).toBe(201);
    const { checkoutUrl } = res.json<BookingPaymentResponse>();
    return { token, booking, checkoutUrl, paymentId: paymentIdOf(checkoutUrl) };
  }
  const view = async (token: string, bookingId: string) => (await get(t.app, `service-bookings/${bookingId}`, { token })).json<BookingView>();

  it('a signed capture of the right number in another currency does not pay the booking', async () => {
    const mine = await onlineBooking();
    const gatewayId = await gatewayOrderOf(t, mine.booking.bookingId);
    const secret = localGateway(t.app).webhookSecret;
    const body = (currency: string, id: string) =>
      JSON.stringify({
        event: 'payment.captured',
        payload: { payment: { entity: { id, amount: REPAIR_TOTAL, currency, order_id: gatewayId } } },
      });
    const usd = body('USD', 'pay_usd0000000001');
    expect((await postWebhook(t.app, usd, hmacHex(secret, usd), 'evt_b_usd')).json()).toEqual({ status: 'processed' });
    expect(await view(mine.token, mine.booking.bookingId)).toMatchObject({ paymentStatus: 'pending' });
    const inr = body('INR', 'pay_inr0000000001');
    await postWebhook(t.app, inr, hmacHex(secret, inr), 'evt_b_inr');
    expect(await view(mine.token, mine.booking.bookingId)).toMatchObject({ paymentStatus: 'paid' });
  });

  it("another owner's signed callback posted to my booking's payment pays nothing", async () => {
    const mine = await onlineBooking('9876543210', '09:00');
    const theirs = await onlineBooking('9822012345', '11:00');
    const theirPayment = localGateway(t.app).pay(await gatewayOrderOf(t, theirs.booking.bookingId), 'success');
    const back = await postCallback(t.app, mine.paymentId, theirPayment?.callbackFields ?? {});
    expect(back.headers.location).toBe(`/#/booking-status?bookingId=${mine.booking.bookingId}&failed=1`);
    expect(await view(mine.token, mine.booking.bookingId)).toMatchObject({ paymentStatus: 'pending' });
  });

  it('Pay now tapped three times at once makes one gateway order and one payment', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const booking = await booked(t.app, owner.accessToken, tractor, { payment: 'online' });
    const taps = await Promise.all([1, 2, 3].map(() => post(t.app, `service-bookings/${booking.bookingId}/payment`, undefined, { token: owner.accessToken })));
    expect(new Set(taps.map((r) => r.json<BookingPaymentResponse>().checkoutUrl)).size).toBe(1);
    expect(await t.database.db.kysely.selectFrom('booking_payments').select('id').execute()).toHaveLength(1);
  });

  it('fees are non-refundable: the owner cancelling a paid booking is owed nothing; money taken after the cancel is owed back', async () => {
    const paid = await onlineBooking('9876543210', '09:00');
    const gateway = localGateway(t.app);
    const first = gateway.pay(await gatewayOrderOf(t, paid.booking.bookingId), 'success');
    await postCallback(t.app, paid.paymentId, first?.callbackFields ?? {});
    const cancelled = await post(t.app, `service-bookings/${paid.booking.bookingId}/cancel`, { reason: 'Fixed it myself' }, { token: paid.token });
    expect(cancelled.json<BookingView>()).toMatchObject({ status: 'cancelled', paymentStatus: 'paid', refundDue: false });

    // Cancelled while its checkout was still open in another tab, then paid there: no service was bought.
    const late = await onlineBooking('9822012345', '11:00');
    await post(t.app, `service-bookings/${late.booking.bookingId}/cancel`, { reason: 'Not needed' }, { token: late.token });
    t.clock.advance(5_000);
    const afterCancel = gateway.pay(await gatewayOrderOf(t, late.booking.bookingId), 'success');
    if (!afterCancel) throw new Error('no payment');
    await postWebhook(t.app, afterCancel.webhook.body, afterCancel.webhook.signature, afterCancel.webhook.eventId);
    expect(await view(late.token, late.booking.bookingId)).toMatchObject({ status: 'cancelled', paymentStatus: 'paid', refundDue: true });
  });
});
