import { describe, expect, it } from 'vitest';
import type { Reminder } from '@tractorlink/domain/alarms';
import { istMidnight } from '@tractorlink/domain/time';
import type { PushOptions, PushSender, PushTarget } from '../src/providers/push/push-sender';
import { ReminderService } from '../src/modules/reminders/service';
import { call, expectError, get, registerOwner } from './support/api';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { subscribeOwnerToPush } from './support/push-subscriptions';
import { reminderBody } from './support/reminders';
import { TEST_START } from './support/test-clock';

/** TEST_START is 21 Nov 2026, 12:00 IST (a Saturday). */
const DAY = '2026-11-21';
/** A one-off on DAY at 12:05 pm. */
const reminder = (over: Partial<Reminder> = {}): Reminder => reminderBody({ description: 'Use 15W-40', repeat: { date: DAY }, everyday: false, ...over });

class RecordingPush implements PushSender {
  readonly sent: { payload: { type: string; title: string; reminderId: string }; options: PushOptions }[] = [];
  async send(_target: PushTarget, payload: string, options: PushOptions) {
    this.sent.push({ payload: JSON.parse(payload) as RecordingPush['sent'][number]['payload'], options });
    return { kind: 'sent' as const };
  }
}

describe.each(dbTargets)('reminders, $name', (target) => {
  const t = useTestApp(target);
  const put = (token: string, r: unknown, id = (r as Reminder).id) => call(t.app, 'PUT', `reminders/${id}`, r, { token });

  async function ownerWithPush(mobileNo = '9876543210') {
    const owner = await registerOwner(t.app, t.sms, { mobileNo });
    const db = t.database.db.kysely;
    await subscribeOwnerToPush(db, mobileNo);
    const push = new RecordingPush();
    const service = new ReminderService({ db, engine: t.database.db.engine, clock: t.clock, push, log: t.app.log });
    return { owner, push, service };
  }

  it("keeps the owner's reminders (a new phone gets them back); edits replace, delete removes; another owner sees none", async () => {
    const { owner } = await ownerWithPush();
    const other = await registerOwner(t.app, t.sms, { mobileNo: '9822012345' });
    expect((await put(owner.accessToken, reminder())).statusCode).toBe(200);
    expect((await put(owner.accessToken, reminder({ title: 'Oil and filter' }))).statusCode).toBe(200);
    expect((await get(t.app, 'reminders', { token: owner.accessToken })).json<{ data: Reminder[] }>().data).toEqual([reminder({ title: 'Oil and filter' })]);
    expect((await get(t.app, 'reminders', { token: other.accessToken })).json<{ data: Reminder[] }>().data).toEqual([]);
    expectError(await call(t.app, 'DELETE', 'reminders/oil-change', undefined, { token: other.accessToken }), 'NOT_FOUND');
    expect((await call(t.app, 'DELETE', 'reminders/oil-change', undefined, { token: owner.accessToken })).statusCode).toBe(200);
    expect((await get(t.app, 'reminders', { token: owner.accessToken })).json<{ data: Reminder[] }>().data).toEqual([]);
  });

  it('refuses a reminder without a title, an impossible time, no day or two kinds of day, with the reason', async () => {
    const { owner } = await ownerWithPush();
    const cases: [unknown, string][] = [
      [reminder({ title: '  ' }), 'REMINDER_TITLE_REQUIRED'],
      [reminder({ time: '13:00' }), 'REMINDER_TIME_INVALID'],
      [reminder({ time: '07:60' }), 'REMINDER_TIME_INVALID'],
      [reminder({ repeat: { date: null } }), 'REMINDER_WHEN_INVALID'],
      [reminder({ everyday: true }), 'REMINDER_WHEN_INVALID'],
      [{ ...reminder(), extra: 1 }, 'UNKNOWN_FIELD'],
    ];
    for (const [body, code] of cases) {
      const error = expectError(await put(owner.accessToken, body), 'VALIDATION_FAILED');
      expect(error.error.details?.map((d) => d.code)).toContain(code);
    }
    expectError(await put(owner.accessToken, reminder(), 'another-id'), 'VALIDATION_FAILED');
  });

  it('refuses a one-off reminder switched on for a time already passed; repeating ones and one switched off are kept', async () => {
    const { owner } = await ownerWithPush();
    // 12:00 IST now: 11:59 today and yesterday have passed, 12:00 (this minute) has not.
    for (const passed of [reminder({ time: '11:59', ampm: 'am' }), reminder({ time: '09:00', ampm: 'pm', repeat: { date: '2026-11-20' } })]) {
      const error = expectError(await put(owner.accessToken, passed), 'VALIDATION_FAILED');
      expect(error.error.details).toEqual([{ path: 'time', code: 'REMINDER_TIME_PASSED' }]);
    }
    expect((await put(owner.accessToken, reminder({ time: '12:00', ampm: 'pm' }))).statusCode).toBe(200);
    expect((await put(owner.accessToken, reminder({ id: 'daily', time: '09:00', ampm: 'am', repeat: { date: null }, everyday: true }))).statusCode).toBe(200);
    expect((await put(owner.accessToken, reminder({ id: 'sat', time: '09:00', ampm: 'am', repeat: { date: null }, weekDays: ['saturday'] }))).statusCode).toBe(
      200,
    );
    // An edit once its time has passed: switched on it is refused, switched off it is kept.
    t.clock.advance(10 * 60_000);
    expectError(await put(owner.accessToken, reminder({ time: '12:00', ampm: 'pm', title: 'Oil and filter' })), 'VALIDATION_FAILED');
    expect((await put(owner.accessToken, reminder({ time: '12:00', ampm: 'pm', isActive: false }))).statusCode).toBe(200);
  });

  it('at most 500 reminders, also when the last ones arrive at once', async () => {
    const { owner } = await ownerWithPush();
    const db = t.database.db.kysely;
    const user = await db.selectFrom('users').select('id').where('mobile_no', '=', owner.mobileNo).executeTakeFirstOrThrow();
    const rows = Array.from({ length: 495 }, (_, i) => ({
      user_id: user.id,
      id: `r${i}`,
      body: JSON.stringify(reminder({ id: `r${i}` })),
      next_at: null,
      updated_at: TEST_START,
    }));
    for (let i = 0; i < rows.length; i += 100)
      await db
        .insertInto('reminders')
        .values(rows.slice(i, i + 100))
        .execute();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => put(owner.accessToken, reminder({ id: `new${i}` }))));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(5);
    for (const a of answers.filter((x) => x.statusCode !== 200)) expectError(a, 'REMINDER_LIMIT');
    expect((await get(t.app, 'reminders', { token: owner.accessToken })).json<{ data: Reminder[] }>().data).toHaveLength(500);
    // Editing one at the limit is fine.
    expect((await put(owner.accessToken, reminder({ id: 'r0', title: 'edited' }))).statusCode).toBe(200);
  });

  it('rings by Web Push at its time while the app is closed: once, urgent, on one of several instances', async () => {
    const { owner, push, service } = await ownerWithPush();
    await put(owner.accessToken, reminder());
    const second = new ReminderService({ db: t.database.db.kysely, engine: t.database.db.engine, clock: t.clock, push, log: t.app.log });
    expect(await service.pushDue()).toBe(0);
    t.clock.set(istMidnight(DAY) + (12 * 60 + 5) * 60_000 + 3000);
    const counts = await Promise.all([service.pushDue(), second.pushDue(), service.pushDue()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(push.sent).toEqual([
      {
        payload: expect.objectContaining({ type: 'reminder', reminderId: 'oil-change', title: 'Change engine oil' }),
        options: { ttlSeconds: 3600, urgency: 'high' },
      },
    ]);
    t.clock.advance(86_400_000);
    expect(await service.pushDue()).toBe(0);
  });

  it('an everyday reminder rings each day; an inactive one never; one missed by over an hour is not pushed late', async () => {
    const { owner, push, service } = await ownerWithPush();
    await put(owner.accessToken, reminder({ id: 'daily', repeat: { date: null }, everyday: true, time: '06:00', ampm: 'pm' }));
    await put(owner.accessToken, reminder({ id: 'off', isActive: false }));
    t.clock.set(istMidnight(DAY) + 18 * 3600_000);
    expect(await service.pushDue()).toBe(1);
    t.clock.set(istMidnight('2026-11-22') + 18 * 3600_000 + 10_000);
    expect(await service.pushDue()).toBe(1);
    expect(push.sent.map((p) => p.payload.reminderId)).toEqual(['daily', 'daily']);
    expect(push.sent[0]?.options.ttlSeconds).toBe(12 * 3600);
    // The server was down the next evening: at 21:00 the 18:00 push is too late and is skipped.
    t.clock.set(istMidnight('2026-11-23') + 21 * 3600_000);
    expect(await service.pushDue()).toBe(0);
    t.clock.set(istMidnight('2026-11-24') + 18 * 3600_000);
    expect(await service.pushDue()).toBe(1);
  });
});
