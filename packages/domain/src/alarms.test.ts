import { describe, expect, it } from 'vitest';
import {
  addAlarm,
  type Alarm,
  alarmOf,
  alarmToRing,
  dismissAlarm,
  isDue,
  isValid12HourTime,
  MISSED_ALARM_GRACE_MS,
  nextOccurrence,
  oneOffPassed,
  type Reminder,
  REMINDER_POPUP_MS,
  removeAlarm,
  searchReminders,
  to24Hour,
  toggleAlarm,
  turnOffPassed,
} from './alarms';
import { DAY_MS, istMidnight } from './time';

/** 24 Nov 2026 is a Tuesday. */
const at = (date: string, hh: number, mm: number, ss = 0) => istMidnight(date) + hh * 3600_000 + mm * 60_000 + ss * 1000;
const TUE = '2026-11-24';
const reminder = (over: Partial<Reminder> = {}): Reminder => ({
  id: 'r1',
  title: 'Change engine oil',
  description: 'Use 15W-40',
  time: '07:30',
  ampm: 'am',
  repeat: { date: TUE },
  everyday: false,
  weekDays: [],
  isActive: true,
  ...over,
});
const alarm = (over: Partial<Alarm> = {}): Alarm => ({
  id: 'a1',
  date_time: at(TUE, 7, 30),
  status: true,
  in: false,
  weekDays: [],
  title: 'x',
  description: '',
  ...over,
});

describe('12-hour to 24-hour (spec §4)', () => {
  it('pm adds 12 unless the hour is 12; 12 am becomes 0', () => {
    expect(to24Hour('01:05', 'pm')).toEqual({ hour: 13, minute: 5 });
    expect(to24Hour('12:00', 'pm')).toEqual({ hour: 12, minute: 0 });
    expect(to24Hour('12:45', 'am')).toEqual({ hour: 0, minute: 45 });
    expect(to24Hour('11:59', 'am')).toEqual({ hour: 11, minute: 59 });
  });
  it('the time selection must be valid (spec §5)', () => {
    expect(['01:00', '12:59', '07:30'].every(isValid12HourTime)).toBe(true);
    expect(['00:30', '13:00', '7:30', '07:60', '', 'ab:cd'].some(isValid12HourTime)).toBe(false);
  });
  it('a one-off reminder whose date and time are before the current minute has passed; a repeating one never', () => {
    const now = at(TUE, 10, 0, 30);
    expect(oneOffPassed(reminder({ time: '09:00', ampm: 'am' }), now)).toBe(true);
    expect(oneOffPassed(reminder({ time: '09:59', ampm: 'am' }), now)).toBe(true);
    expect(oneOffPassed(reminder({ time: '10:00', ampm: 'am' }), now)).toBe(false);
    expect(oneOffPassed(reminder({ time: '09:00', ampm: 'pm' }), now)).toBe(false);
    expect(oneOffPassed(reminder({ time: '11:00', ampm: 'pm', repeat: { date: '2026-11-23' } }), now)).toBe(true);
    expect(oneOffPassed(reminder({ time: '09:00', ampm: 'am', repeat: { date: '2026-11-25' } }), now)).toBe(false);
    expect(oneOffPassed(reminder({ time: '09:00', ampm: 'am', repeat: { date: null }, everyday: true }), now)).toBe(false);
    expect(oneOffPassed(reminder({ time: '09:00', ampm: 'am', repeat: { date: null }, weekDays: ['tuesday'] }), now)).toBe(false);
  });
  it('toggling an active reminder adds an alarm at its date and 24-hour time', () => {
    const a = alarmOf(reminder({ time: '12:15', ampm: 'am', repeat: { date: '2026-11-25' } }), at(TUE, 9, 0));
    expect(a).toMatchObject({ id: 'r1', date_time: at('2026-11-25', 0, 15), status: true, in: false });
  });
});

describe('adding an alarm (spec §4)', () => {
  it('sets status true if the time is now or later, otherwise false', () => {
    const now = at(TUE, 7, 30, 40);
    expect(addAlarm([], alarm({ date_time: at(TUE, 7, 30) }), now)[0]?.status).toBe(true);
    expect(addAlarm([], alarm({ date_time: at(TUE, 8, 0) }), now)[0]?.status).toBe(true);
    expect(addAlarm([], alarm({ date_time: at(TUE, 7, 29) }), now)[0]?.status).toBe(false);
  });
});

describe('ringing (spec §4)', () => {
  it('rings when the hour and minute match the clock and its status is on', () => {
    expect(isDue(alarm(), at(TUE, 7, 30, 5))).toBe(true);
    expect(isDue(alarm(), at(TUE, 7, 29, 59))).toBe(false);
    expect(isDue(alarm({ status: false }), at(TUE, 7, 30))).toBe(false);
  });
  it('rings when its date is reached (the minute passed while the app was closed)', () => {
    expect(isDue(alarm(), at(TUE, 9, 0))).toBe(true);
    expect(isDue(alarm({ status: false }), at(TUE, 9, 0))).toBe(false);
  });
  it('rings on a matching weekday, and not on another', () => {
    const weekly = alarm({ in: true, weekDays: ['tuesday', 'friday'], date_time: at('2026-11-20', 7, 30) });
    expect(isDue(weekly, at(TUE, 7, 30))).toBe(true);
    expect(isDue(weekly, at('2026-11-25', 7, 30))).toBe(false); // Wednesday
    expect(isDue(weekly, at('2026-11-27', 7, 30))).toBe(true); // Friday
    expect(isDue(weekly, at('2026-11-27', 7, 31))).toBe(false);
  });
  it('an everyday alarm rings each day at its time, once per occurrence', () => {
    const daily = alarm({ in: true, date_time: at(TUE, 7, 30) });
    expect(isDue(daily, at('2026-11-28', 7, 30))).toBe(true);
    expect(isDue(dismissAlarm([daily], 'a1', at('2026-11-28', 7, 30, 10))[0] as Alarm, at('2026-11-28', 7, 30, 30))).toBe(false);
    expect(isDue(dismissAlarm([daily], 'a1', at('2026-11-28', 7, 30, 10))[0] as Alarm, at('2026-11-29', 7, 30))).toBe(true);
  });
  it('only one alarm rings at a time', () => {
    const two = [alarm({ id: 'a', date_time: at(TUE, 7, 30) }), alarm({ id: 'b', date_time: at(TUE, 7, 0) })];
    expect(alarmToRing(two, at(TUE, 7, 30), null)?.id).toBe('b');
    expect(alarmToRing(two, at(TUE, 7, 30), 'b')).toBeUndefined();
  });
});

describe('dismiss, turn off, toggle, remove (spec §4)', () => {
  it('dismissing clears its status flags', () => {
    expect(dismissAlarm([alarm({ in: false })], 'a1', at(TUE, 7, 31))[0]).toMatchObject({ status: false, in: false });
  });
  it('the popup auto-closes after 100000 ms', () => {
    expect(REMINDER_POPUP_MS).toBe(100000);
  });
  it('turning alarms off clears status and repeat of every alarm still on whose time has passed', () => {
    const list = [
      alarm({ id: 'past', date_time: at(TUE, 6, 0) }),
      alarm({ id: 'later', date_time: at(TUE, 20, 0) }),
      alarm({ id: 'off', date_time: at(TUE, 5, 0), status: false, in: true }),
    ];
    expect(turnOffPassed(list, at(TUE, 7, 0)).map((a) => [a.id, a.status, a.in])).toEqual([
      ['past', false, false],
      ['later', true, false],
      ['off', false, true],
    ]);
  });
  it("a repeating alarm's time never passes: it stays on for its next occurrence", () => {
    const daily = alarm({ id: 'daily', date_time: at('2026-11-20', 6, 0), in: true });
    const weekly = alarm({ id: 'weekly', date_time: at('2026-11-20', 6, 0), in: true, weekDays: ['friday'] });
    expect(turnOffPassed([daily, weekly], at(TUE, 7, 0))).toEqual([daily, weekly]);
    expect(isDue(turnOffPassed([daily], at(TUE, 7, 0))[0] as Alarm, at('2026-11-25', 6, 0))).toBe(true);
  });
  it('with a grace, a one-off alarm missed by less than the popup time still rings; one missed longer is off', () => {
    const list = [alarm({ id: 'just', date_time: at(TUE, 7, 30) }), alarm({ id: 'days', date_time: at('2026-11-21', 7, 30) })];
    const opened = at(TUE, 7, 31, 30);
    const after = turnOffPassed(list, opened, MISSED_ALARM_GRACE_MS);
    expect(after.map((a) => [a.id, a.status])).toEqual([
      ['just', true],
      ['days', false],
    ]);
    expect(alarmToRing(after, opened, null)?.id).toBe('just');
    expect(turnOffPassed(list, at(TUE, 7, 31, 41), MISSED_ALARM_GRACE_MS)[0]?.status).toBe(false);
    expect(MISSED_ALARM_GRACE_MS).toBe(REMINDER_POPUP_MS);
  });
  it("toggle sets one alarm's status by id; removal deletes by id", () => {
    const list = [alarm({ id: 'a' }), alarm({ id: 'b' })];
    expect(toggleAlarm(list, 'b', false).map((a) => a.status)).toEqual([true, false]);
    expect(removeAlarm(list, 'a').map((a) => a.id)).toEqual(['b']);
  });
});

describe('the next time a reminder rings (server push while the app is closed)', () => {
  it('a one-off reminder rings once at its date and time', () => {
    expect(nextOccurrence(reminder(), at(TUE, 6, 0))).toBe(at(TUE, 7, 30));
    expect(nextOccurrence(reminder(), at(TUE, 7, 31))).toBeNull();
    expect(nextOccurrence(reminder({ isActive: false }), at(TUE, 6, 0))).toBeNull();
  });
  it('an everyday one rings today if its time is ahead, else tomorrow; a weekday one on its next day', () => {
    expect(nextOccurrence(reminder({ everyday: true, repeat: { date: null } }), at(TUE, 8, 0))).toBe(at(TUE, 7, 30) + DAY_MS);
    expect(nextOccurrence(reminder({ weekDays: ['monday'], repeat: { date: null }, time: '06:00', ampm: 'pm' }), at(TUE, 8, 0))).toBe(at('2026-11-30', 18, 0));
  });
});

describe('search', () => {
  it('finds reminders by words of the title or description, any case', () => {
    const list = [reminder(), reminder({ id: 'r2', title: 'Pay tractor loan', description: 'Bank of Maharashtra' })];
    expect(searchReminders(list, 'OIL').map((r) => r.id)).toEqual(['r1']);
    expect(searchReminders(list, 'bank loan').map((r) => r.id)).toEqual(['r2']);
    expect(searchReminders(list, '  ')).toHaveLength(2);
  });
});
