import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { BookingView } from '@tractorlink/domain/service-booking-api';
import type { ServiceReminderResponse } from '@tractorlink/domain/vehicles-api';
import { DemoDealer } from '../src/modules/service-bookings/demo-dealer';
import { engineOn, ingest, series } from './support/alerts';
import { expectError, get, post } from './support/api';
import { booked, bookingBody, dealerStep, operator, OPERATOR_KEY, RecordingPush } from './support/bookings';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { subscribeOwnerToPush } from './support/push-subscriptions';
import { MINUTE, SECOND, TEST_START } from './support/test-clock';
import { ownerWithTractor } from './support/vehicles';

const TECHNICIAN = { name: 'Suresh Shinde', phone: '9822011111' };
const FORWARD = [
  { status: 'confirmed' },
  { status: 'assigned', technician: TECHNICIAN },
  { status: 'on_the_way' },
  { status: 'in_progress' },
  { status: 'done' },
];

describe.each(dbTargets)('doorstep service booking, dealer side, $name', (target) => {
  const t = useTestApp(target, { OPERATOR_KEY });
  const db = () => t.database.db.kysely;

  const withPushSubscription = (mobileNo: string, language = 'en') => subscribeOwnerToPush(db(), mobileNo, language);
  const ownerId = async (mobileNo: string) => (await db().selectFrom('users').select('id').where('mobile_no', '=', mobileNo).executeTakeFirstOrThrow()).id;
  const bookingSms = (mobileNo: string) => t.sms.messages(mobileNo).filter((m) => m.text.startsWith('TractorLink: ') && !/code/.test(m.text));

  it('moves a booking requested → confirmed → assigned → on the way → in progress → done; done records the service and resets service due', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    await ingest(
      t.app,
      tractor,
      series(TEST_START - 10 * MINUTE, 3, MINUTE, (i) => engineOn({ engineWorktimeMin: 300 * 60 + i })),
    );
    const token = owner.accessToken;
    const before = (await get(t.app, `servicereminders/${tractor.vin}`, { token })).json<ServiceReminderResponse>();
    expect(before).toMatchObject({ lastServiceAtHours: 0, status: 'overdue' });
    const b = await booked(t.app, token, tractor, { type: 'periodic' });

    // Only the next step is allowed, and only with what it needs.
    expectError(await dealerStep(t.app, b.bookingId, { status: 'on_the_way' }), 'BOOKING_STEP_INVALID');
    expectError(await dealerStep(t.app, b.bookingId, { status: 'cancelled' }), 'VALIDATION_FAILED');
    expectError(await post(t.app, `operator/service-bookings/${b.bookingId}/status`, { status: 'confirmed' }), 'OPERATOR_KEY_INVALID');
    for (const step of FORWARD) {
      t.clock.advance(MINUTE);
      const res = await dealerStep(t.app, b.bookingId, step);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<BookingView>().status).toBe(step.status);
    }
    const done = (await get(t.app, `service-bookings/${b.bookingId}`, { token })).json<BookingView>();
    expect(done).toMatchObject({ status: 'done', technician: TECHNICIAN, doneAtEngineHours: 300, cancellable: false });
    expect(done.timeline.map((e) => [e.status, e.by])).toEqual([['requested', 'owner'], ...FORWARD.map((s) => [s.status, 'dealer'])]);
    expect(done.timeline.map((e) => e.at)).toEqual([0, 1, 2, 3, 4, 5].map((k) => (TEST_START + k * MINUTE) / 1000));

    const after = (await get(t.app, `servicereminders/${tractor.vin}`, { token })).json<ServiceReminderResponse>();
    expect(after).toMatchObject({ lastServiceAtHours: 300, nextServiceAtHours: 550, status: 'ok', nextServiceDate: '2027-05-20' });
    expect(after.history[0]).toEqual({ doneOn: '2026-11-21', engineHours: 300, note: `Doorstep service ${b.referenceId}`, recordedBy: 'operator' });
    expectError(await dealerStep(t.app, b.bookingId, { status: 'cancelled', reason: 'Oops' }), 'BOOKING_FINISHED');
  });

  it('lists and shows bookings to the operator by status and dealer', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const a = await booked(t.app, owner.accessToken, tractor);
    t.clock.advance(SECOND);
    const b = await booked(t.app, owner.accessToken, tractor, { slot: '11:00' });
    await dealerStep(t.app, a.bookingId, { status: 'cancelled', reason: 'Workshop closed for Diwali' });
    const list = async (query: string) =>
      (await get(t.app, `operator/service-bookings${query}`, operator)).json<{ data: BookingView[] }>().data.map((x) => x.bookingId);
    expect(await list('')).toEqual([b.bookingId, a.bookingId]);
    expect(await list('?status=requested')).toEqual([b.bookingId]);
    expect(await list('?dealer=niphad-tractor-care&status=cancelled')).toEqual([a.bookingId]);
    expect(await list('?dealer=tractorlink-service')).toEqual([]);
    const one = (await get(t.app, `operator/service-bookings/${a.bookingId}`, operator)).json<BookingView>();
    expect(one.timeline.at(-1)).toMatchObject({ status: 'cancelled', by: 'dealer', reason: 'Workshop closed for Diwali' });
    expectError(await get(t.app, 'operator/service-bookings'), 'OPERATOR_KEY_INVALID');
    expectError(await get(t.app, `operator/service-bookings/bk_${'1'.repeat(24)}`, operator), 'NOT_FOUND');
  });

  it("pushes each of the dealer's steps once and sends an SMS for confirmed and on the way, even with two instances delivering at once", async () => {
    const push = new RecordingPush();
    const apps: FastifyInstance[] = [await t.build({}, { push }), await t.build({}, { push })];
    const { owner, tractor } = await ownerWithTractor(t);
    await withPushSubscription(owner.mobileNo);
    const b = await booked(t.app, owner.accessToken, tractor);
    const deliver = async () => (await Promise.all(apps.map((a) => a.services.serviceBookings.notifier.deliverDue()))).reduce((x, y) => x + y, 0);
    // The owner's own request is not pushed back to them.
    expect(await deliver()).toBe(0);
    for (const step of FORWARD) {
      expect((await dealerStep(t.app, b.bookingId, step)).statusCode).toBe(200);
      expect(await deliver()).toBe(1);
      expect(await deliver()).toBe(0);
    }
    expect(push.sent.map((p) => p.payload.status)).toEqual(FORWARD.map((s) => s.status));
    expect(push.sent[0]?.payload).toEqual({
      type: 'booking',
      bookingId: b.bookingId,
      status: 'confirmed',
      title: 'Service booking confirmed',
      body: `Niphad Tractor Care confirmed service ${b.referenceId} for ${tractor.veh_name} on 22 Nov at 09:00.`,
      url: `/#/booking-status?bookingId=${b.bookingId}`,
    });
    const sms = bookingSms(owner.mobileNo).map((m) => m.text);
    expect(sms).toEqual([
      `TractorLink: Service ${b.referenceId} confirmed for 22 Nov 09:00. Niphad Tractor Care 9822098220`,
      `TractorLink: Technician Suresh Shinde (9822011111) is on the way for service ${b.referenceId}.`,
    ]);
  });

  it("tells the owner in their language, and a dealer's cancel with its reason", async () => {
    const push = new RecordingPush();
    const app = await t.build({}, { push });
    const { owner, tractor } = await ownerWithTractor(t);
    await withPushSubscription(owner.mobileNo, 'mr');
    const b = await booked(t.app, owner.accessToken, tractor);
    await dealerStep(t.app, b.bookingId, { status: 'confirmed' });
    await dealerStep(t.app, b.bookingId, { status: 'cancelled', reason: 'Mechanic unwell' });
    await app.services.serviceBookings.notifier.deliverDue();
    expect(push.sent.map((p) => p.payload.title)).toEqual(['सर्व्हिस बुकिंग निश्चित झाली', 'सर्व्हिस बुकिंग रद्द झाली']);
    expect(push.sent[1]?.payload.body).toBe(`Niphad Tractor Care ने ${b.referenceId} रद्द केली: Mechanic unwell`);
    const day = new Intl.DateTimeFormat('mr-IN-u-nu-latn', { timeZone: 'UTC', day: 'numeric', month: 'short' }).format(Date.UTC(2026, 10, 22));
    expect(bookingSms(owner.mobileNo).map((m) => m.text)).toEqual([
      `TractorLink: सर्व्हिस ${b.referenceId} ${day} 09:00 साठी निश्चित. Niphad Tractor Care 9822098220`,
    ]);
    // The owner's own cancel is not pushed back.
    const c = await booked(t.app, owner.accessToken, tractor, { slot: '11:00' });
    await post(t.app, `service-bookings/${c.bookingId}/cancel`, { reason: 'Changed my mind' }, { token: owner.accessToken });
    expect(await app.services.serviceBookings.notifier.deliverDue()).toBe(0);
  });

  it('the demo dealer confirms a booking after a minute and assigns a technician a minute later, and no more', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const b = await booked(t.app, owner.accessToken, tractor);
    const dealer = new DemoDealer({ db: db(), clock: t.clock, desk: t.app.services.serviceBookings.desk, log: t.app.log });
    const status = async () => await t.app.services.serviceBookings.desk.get(b.bookingId);
    t.clock.advance(59 * SECOND);
    expect(await dealer.runDue()).toBe(0);
    t.clock.advance(SECOND);
    expect(await dealer.runDue()).toBe(1);
    expect((await status()).status).toBe('confirmed');
    expect(await dealer.runDue()).toBe(0);
    t.clock.advance(MINUTE);
    expect(await dealer.runDue()).toBe(1);
    expect(await status()).toMatchObject({ status: 'assigned', technician: { name: 'Suresh Shinde', phone: '9822011111' } });
    t.clock.advance(60 * MINUTE);
    expect(await dealer.runDue()).toBe(0);
    expect((await status()).status).toBe('assigned');
    // A booking the owner cancelled meanwhile is left alone.
    const c = await t.app.services.serviceBookings.service.create(await ownerId(owner.mobileNo), bookingBody(tractor, { slot: '11:00' }));
    await t.app.services.serviceBookings.service.cancel(await ownerId(owner.mobileNo), c.booking.bookingId, 'No need');
    t.clock.advance(2 * MINUTE);
    expect(await dealer.runDue()).toBe(0);
  });
});
