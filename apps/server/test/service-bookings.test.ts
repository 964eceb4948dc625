import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { BookingOptions, BookingView } from '@tractorlink/domain/service-booking-api';
import { BOOKING_DAYS_AHEAD } from '@tractorlink/domain/service-booking';
import { call, expectError, get, post } from './support/api';
import { book, booked, bookingBody, dealerStep, NASHIK_FARM, OPERATOR_KEY, TOMORROW, WHOLE_JPEG, WHOLE_PNG } from './support/bookings';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { multipartBody } from './support/multipart';
import { ownerWithTractor } from './support/vehicles';

const json = <T>(res: { json: <U>() => U }) => res.json<T>();

describe.each(dbTargets)('doorstep service booking, owner side, $name', (target) => {
  const t = useTestApp(target, { OPERATOR_KEY });

  const options = async (vin: string, token: string, query = '') => {
    const res = await get(t.app, `service-bookings/options?vin=${vin}${query}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return json<BookingOptions>(res);
  };
  const upload = (token: string, filename: string, type: string, data: Buffer) => {
    const body = multipartBody('photo', filename, type, data);
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/service-bookings/photos',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${token}` },
    });
  };

  it('offers the types, the farm from the vehicle entry, the Nashik dealer of the pin and its slots', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const o = await options(tractor.vin, owner.accessToken, `&lat=${NASHIK_FARM.lat}&lng=${NASHIK_FARM.lng}`);
    expect(o).toMatchObject({
      vin: tractor.vin,
      freeAllowance: 3,
      freeLeft: 3,
      address: { line: 'At post Pimpalgaon Baswant', city: 'Niphad', pincode: '422209', state: 'Maharashtra' },
      position: NASHIK_FARM,
      district: 'Nashik',
      dealer: { id: 'niphad-tractor-care', name: 'Niphad Tractor Care' },
    });
    expect(o.types.map((x) => x.type)).toEqual(['periodic', 'repair', 'washing', 'tyre', 'electrical', 'hydraulic']);
    expect(o.types[0]).toMatchObject({ type: 'periodic', free: true, charge: { totalPaise: 0 } });
    // ₹800 + 9 % CGST + 9 % SGST: the farm is in the supplier's state.
    expect(o.types[1]).toMatchObject({
      type: 'repair',
      free: false,
      charge: { basicPaise: 80_000, cgstPaise: 7_200, sgstPaise: 7_200, igstPaise: 0, totalPaise: 94_400 },
    });
    expect(o.days).toHaveLength(BOOKING_DAYS_AHEAD);
    expect(o.days[0]).toEqual({ date: TOMORROW, slots: ['09:00', '11:00', '14:00', '16:00'].map((time) => ({ time, left: 2 })) });

    // No pin and no position yet: the registered city's district; a farm outside any loaded boundary
    // falls back to that city, which no dealer names, so the fallback dealer serves it.
    const plain = await options(tractor.vin, owner.accessToken);
    expect(plain).toMatchObject({ position: null, district: 'Niphad', dealer: { id: 'tractorlink-service' } });
  });

  it('books a slot (201), lists it in the history and shows its timeline', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const pin = { lat: 20.166712, lng: 73.983345 };
    const b = await booked(t.app, owner.accessToken, tractor, { note: '  Hydraulic lift is slow  ', position: pin });
    expect(b).toMatchObject({
      vin: tractor.vin,
      type: 'repair',
      status: 'requested',
      date: TOMORROW,
      slot: '09:00',
      district: 'Nashik',
      dealer: { id: 'niphad-tractor-care' },
      technician: null,
      note: 'Hydraulic lift is slow',
      position: pin,
      hasPhoto: false,
      payment: 'at_farm',
      charge: { totalPaise: 94_400 },
      cancellable: true,
      doneAtEngineHours: null,
    });
    expect(b.bookingId).toMatch(/^bk_[0-9a-f]{24}$/);
    expect(b.referenceId).toMatch(/^SB[2-9A-Z]{8}$/);
    expect(b.timeline).toEqual([{ status: 'requested', at: expect.any(Number), by: 'owner', reason: null }]);
    t.clock.advance(60_000);
    const second = await booked(t.app, owner.accessToken, tractor, { slot: '11:00', type: 'washing' });
    const list = json<{ data: BookingView[] }>(await get(t.app, 'service-bookings', { token: owner.accessToken }));
    expect(list.data.map((x) => x.bookingId)).toEqual([second.bookingId, b.bookingId]);
    expect(json<{ data: BookingView[] }>(await get(t.app, `service-bookings?vin=${tractor.vin}`, { token: owner.accessToken })).data).toHaveLength(2);
    expect(json<BookingView>(await get(t.app, `service-bookings/${b.bookingId}`, { token: owner.accessToken }))).toEqual(b);
    const o = await options(tractor.vin, owner.accessToken, `&lat=${NASHIK_FARM.lat}&lng=${NASHIK_FARM.lng}`);
    expect(o.days[0]?.slots.slice(0, 2)).toEqual([
      { time: '09:00', left: 1 },
      { time: '11:00', left: 1 },
    ]);
  });

  it('refuses a full slot with SLOT_FULL and the next slot with room', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    await booked(t.app, owner.accessToken, tractor);
    await booked(t.app, owner.accessToken, tractor);
    const full = expectError(await book(t.app, owner.accessToken, tractor), 'SLOT_FULL') as unknown as { error: { nextSlot: unknown } };
    expect(full.error.nextSlot).toEqual({ date: TOMORROW, slot: '11:00' });
    // The last slot of the day full: the next day's first.
    await booked(t.app, owner.accessToken, tractor, { slot: '16:00' });
    await booked(t.app, owner.accessToken, tractor, { slot: '16:00' });
    const late = expectError(await book(t.app, owner.accessToken, tractor, { slot: '16:00' }), 'SLOT_FULL') as unknown as { error: { nextSlot: unknown } };
    expect(late.error.nextSlot).toEqual({ date: '2026-11-23', slot: '09:00' });
  });

  it('concurrent bookings never overfill a slot', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const answers = await Promise.all(Array.from({ length: 6 }, () => book(t.app, owner.accessToken, tractor)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 409, 409, 409, 409]);
    const rows = await t.database.db.kysely.selectFrom('service_bookings').select('id').where('slot', '=', '09:00').execute();
    expect(rows).toHaveLength(2);
  });

  it('a double tap (the same request id, at once or again) makes one booking', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const body = bookingBody(tractor);
    const taps = await Promise.all([1, 2, 3].map(() => post(t.app, 'service-bookings', body, { token: owner.accessToken })));
    expect(taps.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    const ids = new Set(taps.map((r) => json<BookingView>(r).bookingId));
    expect(ids.size).toBe(1);
    const again = await post(t.app, 'service-bookings', { ...body, slot: '11:00' }, { token: owner.accessToken });
    expect(again.statusCode).toBe(200);
    expect(json<BookingView>(again)).toMatchObject({ bookingId: [...ids][0], slot: '09:00' });
    expect(await t.database.db.kysely.selectFrom('service_bookings').select('id').execute()).toHaveLength(1);
  });

  it('refuses days and times the dealer does not offer', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    for (const when of [{ date: '2026-11-21' }, { date: '2026-11-20' }, { date: '2026-12-06' }, { slot: '10:00' }]) {
      expectError(await book(t.app, owner.accessToken, tractor, when), 'SLOT_UNAVAILABLE');
    }
    expect((await book(t.app, owner.accessToken, tractor, { date: '2026-12-05' })).statusCode).toBe(201);
    expectError(await book(t.app, owner.accessToken, tractor, { date: '2026-02-30' }), 'SLOT_UNAVAILABLE');
    expectError(await book(t.app, owner.accessToken, tractor, { slot: '9:00' }), 'VALIDATION_FAILED');
  });

  it('counts the free periodic services down; the fourth is charged with GST; a cancel gives one back', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const token = owner.accessToken;
    const free = [];
    for (const slot of ['09:00', '11:00', '14:00']) free.push(await booked(t.app, token, tractor, { type: 'periodic', slot }));
    expect(free.map((b) => [b.payment, b.charge.totalPaise])).toEqual([
      ['free', 0],
      ['free', 0],
      ['free', 0],
    ]);
    expect(json(await get(t.app, `service-bookings/free-services?vin=${tractor.vin}`, { token }))).toEqual({
      vin: tractor.vin,
      allowance: 3,
      used: 3,
      left: 0,
    });
    const o = await options(tractor.vin, token);
    expect([o.freeLeft, o.types[0]?.free]).toEqual([0, false]);

    const fourth = await booked(t.app, token, tractor, { type: 'periodic', slot: '16:00' });
    expect(fourth).toMatchObject({
      payment: 'at_farm',
      charge: { basicPaise: 120_000, cgstPaise: 10_800, sgstPaise: 10_800, igstPaise: 0, totalPaise: 141_600 },
    });
    // A farm in another state than the supplier's pays IGST.
    const gujarat = await booked(t.app, token, tractor, {
      type: 'periodic',
      date: '2026-11-23',
      address: { line: 'Ahwa road', city: 'Ahwa', pincode: '394710', state: 'Gujarat' },
    });
    expect(gujarat.charge).toEqual({ basicPaise: 120_000, cgstPaise: 0, sgstPaise: 0, igstPaise: 21_600, totalPaise: 141_600 });

    const cancelled = await post(t.app, `service-bookings/${free[0]?.bookingId}/cancel`, { reason: 'Did it myself' }, { token });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(json<BookingView>(cancelled)).toMatchObject({
      status: 'cancelled',
      cancellable: false,
      timeline: [{ status: 'requested' }, { status: 'cancelled', by: 'owner', reason: 'Did it myself' }],
    });
    expect(json(await get(t.app, `service-bookings/free-services?vin=${tractor.vin}`, { token }))).toMatchObject({ used: 2, left: 1 });
    expect(await booked(t.app, token, tractor, { type: 'periodic', date: '2026-11-24' })).toMatchObject({ payment: 'free' });
  });

  it('two periodic bookings at once for a tractor with one free service left: only one is free', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    for (const slot of ['09:00', '11:00']) await booked(t.app, owner.accessToken, tractor, { type: 'periodic', slot });
    const both = await Promise.all(['14:00', '16:00'].map((slot) => booked(t.app, owner.accessToken, tractor, { type: 'periodic', slot })));
    expect(both.map((b) => b.payment).sort()).toEqual(['at_farm', 'free']);
  });

  it('the owner may cancel until the technician is on the way, not after', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const b = await booked(t.app, owner.accessToken, tractor);
    for (const step of [
      { status: 'confirmed' },
      { status: 'assigned', technician: { name: 'Suresh Shinde', phone: '9822011111' } },
      { status: 'on_the_way' },
    ]) {
      expect((await dealerStep(t.app, b.bookingId, step)).statusCode).toBe(200);
    }
    const view = json<BookingView>(await get(t.app, `service-bookings/${b.bookingId}`, { token: owner.accessToken }));
    expect(view).toMatchObject({ status: 'on_the_way', cancellable: false, technician: { name: 'Suresh Shinde', phone: '9822011111' } });
    expectError(await post(t.app, `service-bookings/${b.bookingId}/cancel`, { reason: 'Too late?' }, { token: owner.accessToken }), 'BOOKING_CANCEL_TOO_LATE');
    expectError(await post(t.app, `service-bookings/${b.bookingId}/cancel`, {}, { token: owner.accessToken }), 'VALIDATION_FAILED');
  });

  it('checks the photo by its bytes and size, and only its uploader may attach or see it', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const token = owner.accessToken;
    const png = await upload(token, 'farm.jpg', 'image/jpeg', WHOLE_PNG);
    expect(png.statusCode, png.body).toBe(201);
    const jpeg = await upload(token, 'farm.png', 'image/png', WHOLE_JPEG);
    expect(jpeg.statusCode, jpeg.body).toBe(201);
    expectError(await upload(token, 'farm.jpg', 'image/jpeg', Buffer.from('GIF89a this is not a photo at all, only some text')), 'PHOTO_INVALID');
    expectError(await upload(token, 'farm.jpg', 'image/jpeg', WHOLE_JPEG.subarray(0, WHOLE_JPEG.length - 10)), 'PHOTO_INVALID');
    expectError(await upload(token, 'farm.png', 'image/png', WHOLE_PNG.subarray(0, 30)), 'PHOTO_INVALID');
    const big = Buffer.concat([WHOLE_JPEG.subarray(0, 4), Buffer.alloc(2 * 1024 * 1024, 1), Buffer.from([0xff, 0xd9])]);
    expectError(await upload(token, 'farm.jpg', 'image/jpeg', big), 'PAYLOAD_TOO_LARGE');

    const { photoId } = json<{ photoId: string }>(jpeg);
    const b = await booked(t.app, token, tractor, { photoId });
    expect(b.hasPhoto).toBe(true);
    const photo = await get(t.app, `service-bookings/${b.bookingId}/photo`, { token });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.rawPayload.equals(WHOLE_JPEG)).toBe(true);
    const other = await ownerWithTractor(t, '9822012345');
    expectError(await book(t.app, other.owner.accessToken, other.tractor, { photoId: json<{ photoId: string }>(png).photoId }), 'NOT_FOUND');
  });

  it("another owner's bookings and tractors are not found on every scoped route", async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const photoId = json<{ photoId: string }>(await upload(owner.accessToken, 'p.jpg', 'image/jpeg', WHOLE_JPEG)).photoId;
    const b = await booked(t.app, owner.accessToken, tractor, { photoId });
    const other = await ownerWithTractor(t, '9822012345');
    const token = other.owner.accessToken;
    expectError(await get(t.app, `service-bookings/options?vin=${tractor.vin}`, { token }), 'NOT_FOUND');
    expectError(await book(t.app, token, tractor), 'NOT_FOUND');
    expectError(await get(t.app, `service-bookings/${b.bookingId}`, { token }), 'NOT_FOUND');
    expectError(await post(t.app, `service-bookings/${b.bookingId}/cancel`, { reason: 'Not mine' }, { token }), 'NOT_FOUND');
    expectError(await get(t.app, `service-bookings/${b.bookingId}/photo`, { token }), 'NOT_FOUND');
    expectError(await get(t.app, `service-bookings/free-services?vin=${tractor.vin}`, { token }), 'NOT_FOUND');
    expectError(await get(t.app, `service-bookings?vin=${tractor.vin}`, { token }), 'NOT_FOUND');
    expect(json<{ data: unknown[] }>(await get(t.app, 'service-bookings', { token })).data).toEqual([]);
    expectError(await get(t.app, `service-bookings/bk_${'0'.repeat(24)}`, { token }), 'NOT_FOUND');
    // A malformed id never reaches the store: refused by its shape, as for orders.
    expectError(await get(t.app, 'service-bookings/not-a-booking', { token }), 'VALIDATION_FAILED');
    expectError(await call(t.app, 'GET', `service-bookings/${b.bookingId}`), 'UNAUTHENTICATED');
    // Nothing moved: the booking is still the owner's, still requested.
    expect(json<BookingView>(await get(t.app, `service-bookings/${b.bookingId}`, { token: owner.accessToken })).status).toBe('requested');
  });

  it('a request id is per owner: two owners may use the same one', async () => {
    const a = await ownerWithTractor(t);
    const b = await ownerWithTractor(t, '9822012345');
    const requestId = randomUUID();
    const first = await booked(t.app, a.owner.accessToken, a.tractor, { requestId });
    const second = await booked(t.app, b.owner.accessToken, b.tractor, { requestId });
    expect(first.bookingId).not.toBe(second.bookingId);
  });
});
