import { afterEach, beforeEach, vi } from 'vitest';
import type { Reminder } from '@tractorlink/domain/alarms';
import { istMidnight } from '@tractorlink/domain/time';
import { storage } from '../lib/secure-storage';
import { resetRemindersForTests } from '../lib/signed-in/reminders-store';
import { loadReminderTexts } from '../lib/signed-in/reminders-texts';
import { testOwner } from './owner';
import { jsonResponse, signInEachTest } from './signed-in';
import { englishBeforeAll } from './words';

/** Tuesday 24 Nov 2026; reminders' times are IST. */
export const TUE = '2026-11-24';

/** Epoch ms of a time of day in India. */
export const at = (date: string, hh: number, mm: number, ss = 0) => istMidnight(date) + hh * 3600_000 + mm * 60_000 + ss * 1000;

/** A one-off reminder on TUE at 07:30 am, switched on. */
export const reminder = (over: Partial<Reminder> = {}): Reminder => ({
  id: 'oil',
  title: 'Change engine oil',
  description: '',
  time: '07:30',
  ampm: 'am',
  repeat: { date: TUE },
  everyday: false,
  weekDays: [],
  isActive: true,
  ...over,
});

/** The phone as it was left: these reminders and alarms in storage, read afresh. */
export function phoneHolds(reminders: Reminder[], alarms: unknown[] = []): void {
  storage.setJson('remindersData', reminders);
  storage.setJson('alarmsData', alarms);
  resetRemindersForTests();
}

/**
 * A reminder screen's test file: the owner signed in with the reminder words, online, the clock at
 * 10:00 IST on TUE, the phone holding `kept`, and a server that takes every PUT. Returns the PUT
 * bodies of the running test.
 */
export function reminderScreensEachTest(kept: () => Reminder[] = () => []): { puts: () => Reminder[] } {
  let puts: Reminder[] = [];
  englishBeforeAll(loadReminderTexts);
  signInEachTest(testOwner('en'));
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at(TUE, 10, 0));
    puts = [];
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init: RequestInit = {}) => {
        if (init.method !== 'PUT') return jsonResponse(200, { data: [] });
        const body = JSON.parse(String(init.body)) as Reminder;
        puts.push(body);
        return jsonResponse(200, body);
      }),
    );
    phoneHolds(kept());
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
  return { puts: () => puts };
}
