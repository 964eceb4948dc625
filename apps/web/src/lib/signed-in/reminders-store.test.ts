import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Alarm, alarmOf, dismissAlarm, isDue, type Reminder } from '@tractorlink/domain/alarms';
import { storage } from '../secure-storage';
import { endSession } from '../session';
import { testOwner } from '../../test/owner';
import { TUE, at, phoneHolds, reminder } from '../../test/reminders';
import { jsonResponse, signInEachTest } from '../../test/signed-in';
import { remindersNow, resetRemindersForTests, saveReminder, syncReminders, turnOffMissed } from './reminders-store';

/** The phone's reminders and alarms against a fake server (times are IST). */
let serverList: Reminder[];
let putReply: () => Response;

beforeAll(async () => {
  await storage.load();
});

signInEachTest(testOwner('en'));

beforeEach(() => {
  serverList = [];
  putReply = () => jsonResponse(200, {});
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init: RequestInit = {}) => (init.method === 'PUT' ? putReply() : jsonResponse(200, { data: serverList }))),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const alarmOfId = (id: string) => remindersNow().alarms.find((a) => a.id === id);

describe('syncing reminders edited on another phone', () => {
  it('makes the alarm again when the server copy changed, so it rings at the new time', async () => {
    const now = at(TUE, 6, 0);
    const old = reminder();
    phoneHolds([old], [alarmOf(old, now)]);
    serverList = [reminder({ time: '08:15', title: 'Oil and filter' })];
    await syncReminders(now);
    expect(alarmOfId('oil')).toMatchObject({ date_time: at(TUE, 8, 15), status: true, title: 'Oil and filter' });
    expect(isDue(alarmOfId('oil') as Alarm, at(TUE, 8, 15))).toBe(true);
    expect(isDue(alarmOfId('oil') as Alarm, at(TUE, 7, 30))).toBe(false);
  });

  it('a reminder given other days there rings on them; an unchanged one stays dismissed', async () => {
    const now = at(TUE, 7, 31);
    const daily = reminder({ id: 'daily', repeat: { date: null }, everyday: true });
    const same = reminder({ id: 'same', time: '07:30' });
    const dismissed = dismissAlarm([alarmOf(daily, at(TUE, 7, 0)), alarmOf(same, at(TUE, 7, 0))], 'same', now);
    phoneHolds([daily, same], dismissed);
    serverList = [{ ...daily, everyday: false, weekDays: ['wednesday'] }, same];
    await syncReminders(now);
    expect(alarmOfId('daily')).toMatchObject({ in: true, weekDays: ['wednesday'], status: true });
    expect(alarmOfId('same')?.status).toBe(false);
  });
});

describe('one-off alarms missed while the app was closed (spec §4 turning alarms off)', () => {
  it('are turned off when the app opens instead of ringing days late; a repeating one and one just missed still ring', () => {
    const made = at('2026-11-20', 6, 0);
    const old = reminder({ id: 'old', repeat: { date: '2026-11-21' } });
    const just = reminder({ id: 'just', time: '07:30' });
    const daily = reminder({ id: 'daily', time: '06:00', repeat: { date: null }, everyday: true });
    phoneHolds([old, just, daily], [alarmOf(old, made), alarmOf(just, made), alarmOf(daily, made)]);
    const opened = at(TUE, 7, 31);
    turnOffMissed(opened);
    expect(alarmOfId('old')?.status).toBe(false);
    expect(isDue(alarmOfId('just') as Alarm, opened)).toBe(true);
    expect(isDue(alarmOfId('daily') as Alarm, at('2026-11-25', 6, 0))).toBe(true);
    // Read back after a reload: the change was kept.
    resetRemindersForTests();
    expect(alarmOfId('old')?.status).toBe(false);
  });

  it('syncing turns them off too', async () => {
    const old = reminder({ repeat: { date: '2026-11-21' } });
    phoneHolds([old], [alarmOf(old, at('2026-11-20', 6, 0))]);
    serverList = [old];
    await syncReminders(at(TUE, 9, 0));
    expect(alarmOfId('oil')?.status).toBe(false);
  });
});

describe('saving', () => {
  it('switching a reminder on adds its alarm at its date and 24-hour time (1:15 pm is 13:15); switching it off removes it (spec §4)', async () => {
    const now = at(TUE, 6, 0);
    const off = reminder({ time: '01:15', ampm: 'pm', isActive: false });
    phoneHolds([off]);
    await saveReminder({ ...off, isActive: true }, now);
    expect(alarmOfId('oil')).toMatchObject({ date_time: at(TUE, 13, 15), status: true, in: false });
    await saveReminder(off, now);
    expect(alarmOfId('oil')).toBeUndefined();
  });

  it('a refused edit puts back the reminder and its alarm as they were', async () => {
    const now = at(TUE, 6, 0);
    const kept = reminder();
    phoneHolds([kept], [alarmOf(kept, now)]);
    putReply = () => jsonResponse(400, { error: { code: 'VALIDATION_FAILED', message: 'bad', details: [{ path: 'time', code: 'REMINDER_TIME_PASSED' }] } });
    await expect(saveReminder(reminder({ time: '05:00' }), now)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(remindersNow().reminders).toEqual([kept]);
    expect(alarmOfId('oil')).toMatchObject({ date_time: at(TUE, 7, 30), status: true });
  });
});

describe('signing out (spec §4: storage cleared except the kept keys)', () => {
  it("forgets the owner's reminders and alarms held in memory, so the next owner on this phone neither sees nor hears them", () => {
    const kept = reminder({ title: 'Pay Ramesh the loan' });
    phoneHolds([kept], [alarmOf(kept, at(TUE, 6, 0))]);
    expect(remindersNow().reminders).toEqual([kept]);
    endSession();
    expect(storage.get('remindersData')).toBeUndefined();
    expect(remindersNow()).toEqual({ reminders: [], alarms: [] });
  });
});
