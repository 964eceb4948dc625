import { describe, expect, it } from 'vitest';
import { DAY_MS } from '@tractorlink/domain/time';
import { ExpiryReminders, dueTractors } from '../src/modules/subscription/reminders';
import type { PushSender, PushTarget } from '../src/providers/push/push-sender';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { subscribeOwnerToPush } from './support/push-subscriptions';
import { planOf } from './support/query-plan';
import { HOUR, TEST_START } from './support/test-clock';
import { ownerWithTractor } from './support/vehicles';

class RecordingPush implements PushSender {
  readonly sent: { target: PushTarget; payload: { type: string; title: string; body: string; vin: string } }[] = [];
  async send(target: PushTarget, payload: string) {
    this.sent.push({ target, payload: JSON.parse(payload) as RecordingPush['sent'][number]['payload'] });
    return { kind: 'sent' as const };
  }
}

describe.each(dbTargets)('expiry reminders, $name', (target) => {
  const t = useTestApp(target);

  async function setUp(language: string) {
    const { owner, tractor } = await ownerWithTractor(t, '9876543210', { expiresOn: TEST_START + 10 * DAY_MS, isNewTractor: false });
    const db = t.database.db.kysely;
    await subscribeOwnerToPush(db, owner.mobileNo, language);
    const push = new RecordingPush();
    const reminders = () => new ExpiryReminders({ db, clock: t.clock, sms: t.sms, push, log: t.app.log, days: [7, 1] });
    return { tractor, push, reminders };
  }

  it("sends a push and an SMS 7 days and 1 day before the end, each once, in the owner's language", async () => {
    const { tractor, push, reminders } = await setUp('hi');
    const job = reminders();
    expect(await job.runDue()).toBe(0); // 10 days left
    t.clock.advance(3 * DAY_MS + HOUR); // 6 days 23 h left
    expect(await job.runDue()).toBe(1);
    expect(await job.runDue()).toBe(0);
    const sms = t.sms.messages('9876543210').filter((m) => m.text.includes('TractorLink:'));
    expect(sms).toHaveLength(1);
    expect(sms[0]?.text).toContain('7 दिन');
    expect(sms[0]?.text).toContain('रिन्यू');
    expect(push.sent).toHaveLength(1);
    expect(push.sent[0]?.payload).toMatchObject({ type: 'renewal', vin: tractor.vin, title: 'अपना पैक रिन्यू करें' });

    t.clock.advance(6 * DAY_MS); // 23 h left
    expect(await job.runDue()).toBe(1);
    expect(push.sent.at(-1)?.payload.body).toContain('1 दिन');
    t.clock.advance(2 * DAY_MS); // ended: nothing more
    expect(await job.runDue()).toBe(0);
    expect(push.sent).toHaveLength(2);
  });

  it('two instances running the job together send each reminder once', async () => {
    const { push, reminders } = await setUp('en');
    t.clock.advance(4 * DAY_MS);
    const counts = await Promise.all([reminders().runDue(), reminders().runDue(), reminders().runDue()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(push.sent).toHaveLength(1);
    expect(push.sent[0]?.payload.body).toContain('6 days left');
  });

  it('a renewal moves the end: the new end gets its own reminders', async () => {
    const { tractor, push, reminders } = await setUp('en');
    t.clock.advance(4 * DAY_MS);
    await reminders().runDue();
    await t.database.db.kysely
      .updateTable('tractors')
      .set({ expires_on: TEST_START + 40 * DAY_MS })
      .where('vin', '=', tractor.vin)
      .execute();
    expect(await reminders().runDue()).toBe(0);
    t.clock.set(TEST_START + 34 * DAY_MS);
    expect(await reminders().runDue()).toBe(1);
    expect(push.sent).toHaveLength(2);
  });
  /**
   * More packs ending in the window than one batch reads: `extra` tractors of the owner, cloned from
   * the first, ending one minute apart from 5 days on (all in the 7-day reminder's window now).
   */
  async function manyEnding(extra: number) {
    const set = await setUp('en');
    const db = t.database.db.kysely;
    // The first ends far off: only the clones are in the windows below.
    await db
      .updateTable('tractors')
      .set({ expires_on: TEST_START + 60 * DAY_MS })
      .where('vin', '=', set.tractor.vin)
      .execute();
    const first = await db.selectFrom('tractors').selectAll().where('vin', '=', set.tractor.vin).executeTakeFirstOrThrow();
    const rows = Array.from({ length: extra }, (_, i) => {
      const n = String(i).padStart(5, '0');
      return {
        ...first,
        id: `bulk-${n}`,
        imei: `99000000000${n}`,
        vin: `BULKVIN0000${n}`,
        engine_no: `BULKENG${n}`,
        veh_name: `Bulk ${n}`,
        expires_on: TEST_START + 5 * DAY_MS + (extra - i) * 60_000,
      };
    });
    for (let i = 0; i < rows.length; i += 200)
      await db
        .insertInto('tractors')
        .values(rows.slice(i, i + 200))
        .execute();
    const vins = rows.map((r) => r.vin).sort();
    /** How many reminders each tractor got, by VIN (the push names it). */
    const perVin = () => {
      const counts = new Map<string, number>();
      for (const p of set.push.sent) counts.set(p.payload.vin, (counts.get(p.payload.vin) ?? 0) + 1);
      return counts;
    };
    return { ...set, vins, perVin };
  }

  it('past one batch of packs in the window, every tractor gets each reminder exactly once', async () => {
    const extra = 1_010;
    const { push, reminders, vins, perVin } = await manyEnding(extra);
    const job = reminders();
    let sent = 0;
    for (let run = 0; run < 3; run++) sent += await job.runDue();
    expect(sent).toBe(extra);
    expect([...perVin().keys()].sort()).toEqual(vins);
    expect([...perVin().values()].every((n) => n === 1)).toBe(true);
    expect(push.sent.every((p) => p.payload.body.includes('6 days left'))).toBe(true);
    // A day before the ends: each gets its 1-day reminder too, once.
    t.clock.set(TEST_START + 4 * DAY_MS + 18 * HOUR);
    sent = 0;
    for (let run = 0; run < 3; run++) sent += await job.runDue();
    expect(sent).toBe(extra);
    expect([...perVin().values()].every((n) => n === 2)).toBe(true);
  });

  it('past one batch, two instances running the job together send each reminder once', async () => {
    const extra = 1_010;
    const { reminders, vins, perVin } = await manyEnding(extra);
    let sent = 0;
    for (let run = 0; run < 3; run++) sent += (await Promise.all([reminders().runDue(), reminders().runDue()])).reduce((a, b) => a + b, 0);
    expect(sent).toBe(extra);
    expect([...perVin().keys()].sort()).toEqual(vins);
    expect([...perVin().values()].every((n) => n === 1)).toBe(true);
  });

  it('reads the packs ending soon by a seek on their end, not through the whole fleet', async () => {
    const { db } = t.app.services;
    // A fleet whose packs end over the next year.
    const { tractor } = await ownerWithTractor(t, '9876543210', { expiresOn: TEST_START + 10 * DAY_MS });
    const owner = await db.kysely.selectFrom('tractors').select('owner_user_id').where('id', '=', tractor.id).executeTakeFirstOrThrow();
    const fleet = Array.from({ length: 4000 }, (_, i) => ({
      ...tractor,
      id: `fleet-${i}`,
      imei: `fleet-imei-${i}`,
      vin: `fleet-vin-${i}`,
      engine_no: `fleet-engine-${i}`,
      expires_on: TEST_START + Math.round((i * 365 * DAY_MS) / 4000),
      owner_user_id: owner.owner_user_id,
    }));
    for (let i = 0; i < fleet.length; i += 200)
      await db.kysely
        .insertInto('tractors')
        .values(fleet.slice(i, i + 200))
        .execute();
    expect(await planOf(db, dueTractors(db.kysely, TEST_START, TEST_START + 7 * DAY_MS, 7))).toContain('tractors_expires_on');
  });
});
