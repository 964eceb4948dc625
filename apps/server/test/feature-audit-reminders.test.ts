import { describe, expect, it } from 'vitest';
import { REMINDER_DESCRIPTION_MAX, REMINDER_TITLE_MAX, type Reminder } from '@tractorlink/domain/alarms';
import { LANGUAGE_CODES } from '@tractorlink/domain/languages';
import { istMidnight } from '@tractorlink/domain/time';
import type { PushOptions, PushSender, PushTarget } from '../src/providers/push/push-sender';
import { ReminderService } from '../src/modules/reminders/service';
import { call, expectError, get, login, registerOwner } from './support/api';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { subscribeOwnerToPush } from './support/push-subscriptions';
import { reminderBody } from './support/reminders';

/**
 * Reminders that ring (spec §3 Reminder, §4 Alarms, §5), audited as a farmer meets them: the push at
 * the IST minute with the app closed, in the owner's language; an edit or a delete ends the old ring;
 * 12:00 am and 12:00 pm; a time already passed today; the IST date boundary (the server's clock is
 * UTC); the list's order; the text limits. TEST_START is Saturday 21 Nov 2026, 12:00 IST.
 */
const DAY = '2026-11-21';
const NEXT = '2026-11-22';
const at = (date: string, hour: number, minute = 0) => istMidnight(date) + (hour * 60 + minute) * 60_000;
const oneOff = (over: Partial<Reminder> = {}): Reminder => reminderBody({ repeat: { date: DAY }, everyday: false, ...over });

class RecordingPush implements PushSender {
  readonly sent: { id: string; title: string; body: string }[] = [];
  async send(_target: PushTarget, payload: string, _options: PushOptions) {
    const p = JSON.parse(payload) as { reminderId: string; title: string; body: string };
    this.sent.push({ id: p.reminderId, title: p.title, body: p.body });
    return { kind: 'sent' as const };
  }
}

describe.each(dbTargets)('feature audit: reminders that ring, $name', (target) => {
  const t = useTestApp(target);
  const save = (token: string, r: Reminder) => call(t.app, 'PUT', `reminders/${r.id}`, r, { token });
  /** Saves one that must be accepted. */
  const put = async (token: string, r: Reminder) => expect((await save(token, r)).statusCode).toBe(200);
  const list = async (token: string) => (await get(t.app, 'reminders', { token })).json<{ data: Reminder[] }>().data;

  /**
   * An owner whose phone is subscribed to push, in `language`, and the server's reminder job (it
   * pushes every owner's reminders: `ringsAt` says which ones by id).
   */
  async function owner(language = 'en', mobileNo = '9876543210') {
    const registered = await registerOwner(t.app, t.sms, { mobileNo });
    const db = t.database.db.kysely;
    await subscribeOwnerToPush(db, mobileNo, language);
    const push = new RecordingPush();
    const job = new ReminderService({ db, engine: t.database.db.engine, clock: t.clock, push, log: t.app.log });
    const relogin = async () => (await login(t.app, registered, registered.pin)).json<{ access_token: string }>().access_token;
    return { token: registered.accessToken, push, job, relogin };
  }

  /** Runs the job at `time` and says which reminders it pushed then. */
  async function ringsAt(o: Awaited<ReturnType<typeof owner>>, time: number): Promise<string[]> {
    t.clock.set(time);
    const before = o.push.sent.length;
    await o.job.pushDue();
    return o.push.sent.slice(before).map((p) => p.id);
  }

  it("the notification's words are in the owner's language: the time with the language's am/pm, never a 24-hour English clock", async () => {
    const expected: Record<string, string> = {
      en: 'Reminder: 6:30 pm · Use 15W-40',
      hi: 'रिमाइंडर: 6:30 अपराह्न · Use 15W-40',
      mr: 'स्मरणपत्र: 6:30 म.उ. · Use 15W-40',
      pa: 'ਰਿਮਾਈਂਡਰ: 6:30 ਬਾ.ਦੁ. · Use 15W-40',
      gu: 'રિમાઇન્ડર: 6:30 અપરાહ્ન · Use 15W-40',
      ta: 'நினைவூட்டல்: 6:30 பிற்பகல் · Use 15W-40',
      te: 'రిమైండర్: 6:30 అపరాహ్నం · Use 15W-40',
    };
    expect(Object.keys(expected).sort()).toEqual([...LANGUAGE_CODES].sort());
    const owners = [];
    for (const [i, language] of LANGUAGE_CODES.entries()) {
      const o = await owner(language, `98220100${String(i).padStart(2, '0')}`);
      await put(o.token, oneOff({ id: `oil-${language}`, time: '06:30', ampm: 'pm', description: 'Use 15W-40' }));
      owners.push({ language, o });
    }
    const first = owners[0]?.o;
    if (!first) throw new Error('owners');
    expect((await ringsAt(first, at(DAY, 18, 30) + 5000)).sort()).toEqual(LANGUAGE_CODES.map((l) => `oil-${l}`).sort());
    for (const { language } of owners) {
      expect(first.push.sent.find((p) => p.id === `oil-${language}`)).toEqual({ id: `oil-${language}`, title: 'Change engine oil', body: expected[language] });
    }
  });

  it('an edit rings at the new time only; a deleted reminder never rings; one switched off stops ringing', async () => {
    const o = await owner();
    await put(o.token, oneOff({ id: 'moved', time: '12:30', ampm: 'pm' }));
    await put(o.token, oneOff({ id: 'deleted', time: '12:30', ampm: 'pm' }));
    await put(o.token, reminderBody({ id: 'daily', time: '12:30', ampm: 'pm' }));
    // Edited to 1:00 pm, deleted, switched off: nothing rings at 12:30 any more.
    await put(o.token, oneOff({ id: 'moved', time: '01:00', ampm: 'pm' }));
    expect((await call(t.app, 'DELETE', 'reminders/deleted', undefined, { token: o.token })).statusCode).toBe(200);
    await put(o.token, reminderBody({ id: 'daily', time: '12:30', ampm: 'pm', isActive: false }));
    expect(await ringsAt(o, at(DAY, 12, 30))).toEqual([]);
    expect(await ringsAt(o, at(DAY, 13, 0))).toEqual(['moved']);
    expect(await ringsAt(o, at(NEXT, 12, 30))).toEqual([]);
    // Switched on again (the next afternoon, signed in again), the everyday one rings the day after.
    t.clock.set(at(NEXT, 13, 0));
    await put(await o.relogin(), reminderBody({ id: 'daily', time: '12:30', ampm: 'pm' }));
    expect(await ringsAt(o, at('2026-11-23', 12, 30))).toEqual(['daily']);
  });

  it('12:00 am is midnight at the start of its day and 12:00 pm is noon (spec §4), each pushed once for a date, daily for everyday', async () => {
    const o = await owner();
    // 12:00 am today is long past at noon: refused, not pushed at some later midnight.
    expectError(await save(o.token, oneOff({ id: 'past-midnight', time: '12:00', ampm: 'am' })), 'VALIDATION_FAILED');
    await put(o.token, oneOff({ id: 'midnight', time: '12:00', ampm: 'am', repeat: { date: NEXT } }));
    await put(o.token, oneOff({ id: 'noon', time: '12:00', ampm: 'pm', repeat: { date: NEXT } }));
    await put(o.token, reminderBody({ id: 'every-midnight', time: '12:00', ampm: 'am' }));
    expect(await ringsAt(o, at(DAY, 23, 59))).toEqual([]);
    expect((await ringsAt(o, at(NEXT, 0, 0))).sort()).toEqual(['every-midnight', 'midnight']);
    expect(await ringsAt(o, at(NEXT, 11, 59))).toEqual([]);
    expect(await ringsAt(o, at(NEXT, 12, 0))).toEqual(['noon']);
    expect(await ringsAt(o, at('2026-11-23', 0, 0))).toEqual(['every-midnight']);
    expect(await ringsAt(o, at('2026-11-23', 12, 0))).toEqual([]);
  });

  it('an everyday reminder set for a time already passed today first rings tomorrow, not at once', async () => {
    const o = await owner();
    await put(o.token, reminderBody({ id: 'morning', time: '09:00', ampm: 'am' }));
    expect(await ringsAt(o, at(DAY, 12, 1))).toEqual([]);
    expect(await ringsAt(o, at(NEXT, 8, 59))).toEqual([]);
    expect(await ringsAt(o, at(NEXT, 9, 0))).toEqual(['morning']);
  });

  it('rings at the IST minute across the date boundary, where the UTC date is still the day before', async () => {
    // 23:50 IST on Saturday is 18:20 UTC on Saturday; 12:10 am Sunday IST is still Saturday in UTC.
    t.clock.set(at(DAY, 23, 50));
    const o = await owner();
    expect(new Date(at(NEXT, 0, 10)).toISOString()).toBe('2026-11-21T18:40:00.000Z');
    await put(o.token, oneOff({ id: 'sunday-date', time: '12:10', ampm: 'am', repeat: { date: NEXT } }));
    await put(o.token, reminderBody({ id: 'on-sunday', time: '12:10', ampm: 'am', everyday: false, weekDays: ['sunday'] }));
    await put(o.token, reminderBody({ id: 'on-saturday', time: '12:10', ampm: 'am', everyday: false, weekDays: ['saturday'] }));
    expect((await ringsAt(o, at(NEXT, 0, 10))).sort()).toEqual(['on-sunday', 'sunday-date']);
    // Saturday's rings a week on, at 12:10 am IST on Saturday 28 Nov (Friday in UTC).
    expect(await ringsAt(o, at('2026-11-28', 0, 10))).toEqual(['on-saturday']);
  });

  it('lists the reminders next to ring first, then those that will not ring again, whatever the order they were saved in', async () => {
    const o = await owner();
    await put(o.token, reminderBody({ id: 'off', title: 'Switched off', time: '07:00', ampm: 'am', isActive: false }));
    await put(o.token, oneOff({ id: 'tomorrow', title: 'Tomorrow 8 am', time: '08:00', ampm: 'am', repeat: { date: NEXT } }));
    await put(o.token, reminderBody({ id: 'daily-9am', title: 'Daily 9 am', time: '09:00', ampm: 'am' }));
    await put(o.token, oneOff({ id: 'today-3pm', title: 'Today 3 pm', time: '03:00', ampm: 'pm' }));
    expect((await list(o.token)).map((r) => r.id)).toEqual(['today-3pm', 'tomorrow', 'daily-9am', 'off']);
    // Editing one does not move it to the end.
    await put(o.token, oneOff({ id: 'today-3pm', title: 'Today 3 pm, edited', time: '03:00', ampm: 'pm' }));
    expect((await list(o.token))[0]?.id).toBe('today-3pm');
  });

  it('holds the text limits of the form: a title of 60 letters and a description of 200, in any script; one more is refused', async () => {
    const o = await owner();
    const title = 'ट'.repeat(REMINDER_TITLE_MAX);
    const description = 'த'.repeat(REMINDER_DESCRIPTION_MAX);
    await put(o.token, reminderBody({ title, description }));
    expect((await list(o.token))[0]).toMatchObject({ title, description });
    const long = [
      [reminderBody({ id: 'long-title', title: `${title}ट` }), 'REMINDER_TITLE_TOO_LONG'],
      [reminderBody({ id: 'long-text', description: `${description}த` }), 'REMINDER_DESCRIPTION_TOO_LONG'],
    ] as const;
    for (const [body, code] of long) {
      const error = expectError(await save(o.token, body), 'VALIDATION_FAILED');
      expect(error.error.details?.map((d) => d.code)).toContain(code);
    }
  });
});
