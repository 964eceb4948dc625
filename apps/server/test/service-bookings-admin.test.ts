import { describe, expect, it } from 'vitest';
import { adminRunner } from './support/admin';
import { booked } from './support/bookings';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { SECOND } from './support/test-clock';
import { ownerWithTractor } from './support/vehicles';

describe.each(dbTargets)('npm run admin -- bookings on $name', (target) => {
  const t = useTestApp(target);
  const run = adminRunner(t);

  it('lists, confirms, assigns, moves along and cancels bookings by id or reference, as the operator API does', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const a = await booked(t.app, owner.accessToken, tractor, { type: 'periodic' });
    t.clock.advance(SECOND);
    const b = await booked(t.app, owner.accessToken, tractor, { slot: '11:00' });

    const listed = await run('bookings', 'list');
    expect(listed.code).toBe(0);
    expect(listed.out).toEqual([
      `${b.referenceId} (${b.bookingId}) requested: repair for ${tractor.reg_no} (${tractor.vin}) on 2026-11-22 11:00, Niphad Tractor Care, ₹944.00 at the farm`,
      `${a.referenceId} (${a.bookingId}) requested: periodic for ${tractor.reg_no} (${tractor.vin}) on 2026-11-22 09:00, Niphad Tractor Care, free`,
      '2 bookings.',
    ]);

    expect((await run('bookings', 'confirm', a.referenceId.toLowerCase())).code).toBe(0);
    const badPhone = await run('bookings', 'assign', a.referenceId, '--name', 'Suresh Shinde', '--phone', '12345');
    expect(badPhone.code).toBe(2);
    expect(badPhone.err[0]).toContain('--phone: MOBILE_INVALID');
    const assigned = await run('bookings', 'assign', a.bookingId, '--name', 'Suresh Shinde', '--phone', '9822011111');
    expect(assigned).toMatchObject({ code: 0, out: [expect.stringContaining('assigned: periodic') as string] });
    expect(assigned.out[0]).toContain('technician Suresh Shinde 9822011111');
    const skip = await run('bookings', 'move', a.referenceId, 'done');
    expect(skip.code).toBe(1);
    expect(skip.out[0]).toContain('(BOOKING_STEP_INVALID)');
    for (const step of ['on_the_way', 'in_progress', 'done']) expect((await run('bookings', 'move', a.referenceId, step)).code).toBe(0);
    expect((await t.app.services.serviceBookings.desk.get(a.bookingId)).status).toBe('done');
    const history = await t.database.db.kysely.selectFrom('service_records').select(['note', 'recorded_by']).where('tractor_id', '=', tractor.id).execute();
    expect(history).toEqual([{ note: `Doorstep service ${a.referenceId}`, recorded_by: 'operator' }]);

    expect((await run('bookings', 'cancel', b.referenceId)).code).toBe(2);
    expect((await run('bookings', 'cancel', b.referenceId, '--reason', 'Workshop closed')).code).toBe(0);
    const cancelled = await run('bookings', 'list', '--status', 'cancelled');
    expect(cancelled.out).toEqual([expect.stringContaining(`${b.referenceId} (${b.bookingId}) cancelled`) as string, '1 booking.']);
    const finished = await run('bookings', 'confirm', b.referenceId);
    expect([finished.code, finished.out[0]]).toEqual([1, 'refused: This booking is already done or cancelled. (BOOKING_FINISHED)']);
  });

  it('says what is wrong with a command', async () => {
    expect(await run('bookings', 'confirm', 'SB23456789')).toMatchObject({ code: 1, out: ['refused: no booking SB23456789 (NOT_FOUND)'] });
    for (const argv of [
      ['bookings'],
      ['bookings', 'frobnicate', 'SB1'],
      ['bookings', 'move', 'SB1', 'confirmed'],
      ['bookings', 'list', '--status', 'lost'],
      ['bookings', 'list', '--colour', 'red'],
    ]) {
      const result = await run(...argv);
      expect(result.code, argv.join(' ')).toBe(2);
      expect(result.err.join('\n')).toContain('npm run admin -- bookings list');
    }
    expect((await run('help')).out[0]).toContain('bookings assign <bookingId | reference> --name <technician> --phone <10 digits>');
  });
});
