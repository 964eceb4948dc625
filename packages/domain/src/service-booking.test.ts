import { describe, expect, it } from 'vitest';
import { BOOKING_STATUSES, freeServicesLeft, nextFreeSlot, transitionRefusal } from './service-booking';

describe('booking status (issue 15 item 3)', () => {
  it('the dealer moves it along one step at a time: requested → confirmed → assigned → on the way → in progress → done', () => {
    const path = ['requested', 'confirmed', 'assigned', 'on_the_way', 'in_progress', 'done'] as const;
    for (let i = 0; i + 1 < path.length; i++) expect(transitionRefusal(path[i] as never, path[i + 1] as never, 'dealer')).toBeNull();
    expect(transitionRefusal('requested', 'assigned', 'dealer')).toBe('BOOKING_STEP_INVALID');
    expect(transitionRefusal('on_the_way', 'confirmed', 'dealer')).toBe('BOOKING_STEP_INVALID');
  });
  it('the owner cancels while nobody is on the way, never moves it otherwise', () => {
    for (const from of ['requested', 'confirmed', 'assigned'] as const) expect(transitionRefusal(from, 'cancelled', 'owner')).toBeNull();
    expect(transitionRefusal('on_the_way', 'cancelled', 'owner')).toBe('BOOKING_CANCEL_TOO_LATE');
    expect(transitionRefusal('in_progress', 'cancelled', 'owner')).toBe('BOOKING_CANCEL_TOO_LATE');
    expect(transitionRefusal('requested', 'confirmed', 'owner')).toBe('BOOKING_NOT_YOURS_TO_MOVE');
  });
  it('the dealer may cancel until the work starts; a finished booking does not move', () => {
    expect(transitionRefusal('on_the_way', 'cancelled', 'dealer')).toBeNull();
    expect(transitionRefusal('in_progress', 'cancelled', 'dealer')).toBe('BOOKING_CANCEL_TOO_LATE');
    for (const to of BOOKING_STATUSES) {
      expect(transitionRefusal('done', to, 'dealer')).toBe('BOOKING_FINISHED');
      expect(transitionRefusal('cancelled', to, 'owner')).toBe('BOOKING_FINISHED');
    }
  });
});

describe('free services (spec §4: they can run out per tractor)', () => {
  it('count down to zero and no further', () => {
    expect([0, 1, 2, 3, 4].map((used) => freeServicesLeft(3, used))).toEqual([3, 2, 1, 0, 0]);
  });
});

describe('slots', () => {
  const days = [
    { date: '2026-11-25', slots: ['09:00', '13:00'] },
    { date: '2026-11-26', slots: ['09:00', '13:00'] },
  ];
  const full = new Set(['2026-11-25|09:00', '2026-11-25|13:00']);
  const booked = (date: string, slot: string) => (full.has(`${date}|${slot}`) ? 2 : 0);
  it('a slot with room is the asked one', () => {
    expect(nextFreeSlot(days, booked, 2, { date: '2026-11-26', slot: '13:00' })).toEqual({ date: '2026-11-26', slot: '13:00' });
  });
  it('a full slot offers the next with room, the same day first, then the following days', () => {
    expect(nextFreeSlot(days, booked, 2, { date: '2026-11-25', slot: '09:00' })).toEqual({ date: '2026-11-26', slot: '09:00' });
    expect(nextFreeSlot(days, booked, 3, { date: '2026-11-25', slot: '09:00' })).toEqual({ date: '2026-11-25', slot: '09:00' });
  });
  it('none within the days searched is null', () => {
    expect(nextFreeSlot(days, () => 5, 2, { date: '2026-11-25', slot: '09:00' })).toBeNull();
  });
});
