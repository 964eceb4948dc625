import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { JobDetail } from '@tractorlink/domain/hire-api';
import { at, ingest, series } from './support/alerts';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { customerBody, hireCall, newId } from './support/hire';
import { JobMeasurer } from '../src/modules/hire/measure';
import { findJob } from '../src/modules/hire/repo';
import { MINUTE, SECOND, TEST_START } from './support/test-clock';
import { ownerWithTractor } from './support/vehicles';
import { until } from './support/cluster';

/**
 * A job is ended once ("an ended one stays as it is") and its bill is measured over the window it
 * ended with, also when several ends (two phones, an offline queue sent again) and reads that
 * measure the running job arrive at once.
 */
const s = (ms: number) => Math.floor(ms / 1000);
const AT_ONCE = 10;
/** Each race is run this many times (a lost update shows in most rounds, not every one). */
const ROUNDS = 3;

describe.each(dbTargets)('hire jobs under parallel requests, $name', (target) => {
  const t = useTestApp(target);

  /**
   * A running job (its own owner and tractor) over an hour of work 2 m apart with the PTO on, which
   * started 90 minutes ago, read once (the proposal scan done), and now due to be measured again.
   */
  async function runningJob(round: number) {
    const { owner, tractor } = await ownerWithTractor(t, `98765432${10 + round}`, { implementWidthM: 2 });
    const token = owner.accessToken;
    const customer = customerBody();
    expect((await hireCall(t.app, 'POST', 'hire/customers', token, customer)).statusCode).toBe(201);
    const start = TEST_START - 90 * MINUTE;
    await ingest(
      t.app,
      tractor,
      series(start, 360, 10 * SECOND, (i) => {
        const pass = Math.floor(i / 20);
        const along = (i % 20) * 13.9;
        return { ...at(pass % 2 === 0 ? along : 264 - along, pass * 2), speedKmh: 5, ignition: true, pto: true };
      }),
    );
    const id = newId();
    const body = { id, customerId: customer.id, vin: tractor.vin, implement: 'rotavator', implementWidthM: 2, rateKind: 'acre', ratePaise: 120_000 };
    const created = await hireCall(t.app, 'POST', 'hire/jobs', token, { ...body, startAt: s(start), endAt: null });
    expect(created.statusCode, created.body).toBe(201);
    expect((await hireCall(t.app, 'GET', `hire/jobs/${id}`, token)).statusCode).toBe(200);
    // Past the running job's re-measure interval: a read measures it again.
    t.clock.advance(10 * SECOND);
    return { token, id, start };
  }

  /** The job as stored, and the figures a fresh measurement of its stored window gives. */
  async function storedAndTrue(id: string) {
    const db = t.database.db.kysely;
    const stored = await findJob(db, id);
    if (!stored) throw new Error('job missing');
    const truth = await new JobMeasurer({ db, now: () => t.clock.now() }).measure(stored);
    return { stored, truth };
  }

  it(`${AT_ONCE} ends at once with different times: the first stands, every answer gives it, the bill is measured to it`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { token, id, start } = await runningJob(round);
      // Later times first: the last to write is not the one with the most track to measure.
      const ends = Array.from({ length: AT_ONCE }, (_, i) => s(start + (60 - 5 * i) * MINUTE));
      const answers = await Promise.all(ends.map((endAt) => hireCall(t.app, 'POST', `hire/jobs/${id}/end`, token, { endAt })));
      for (const a of answers) expect(a.statusCode, a.body).toBe(200);
      const endAts = new Set(answers.map((a) => a.json<JobDetail>().endAt));
      expect(endAts.size, `answered end times ${[...endAts].join(', ')}`).toBe(1);
      const { stored, truth } = await storedAndTrue(id);
      expect(s(Number(stored.end_ms))).toBe([...endAts][0]);
      expect({ round, covered: stored.covered_m2, amount: stored.amount_paise }).toEqual({ round, covered: truth.covered_m2, amount: truth.amount_paise });
      // Ended, it stays as it is.
      const later = await hireCall(t.app, 'POST', `hire/jobs/${id}/end`, token, { endAt: s(start + 80 * MINUTE) });
      expect(later.json<JobDetail>().endAt).toBe([...endAts][0]);
    }
  });

  it('a read that loaded the job while it ran and measures it after the end was stored does not overwrite the bill', async () => {
    const db = t.database.db.kysely;
    const { token, id, start } = await runningJob(0);
    // The interleaving a busy server makes: a read loads the running job, the end is stored and
    // measured, then the read's measurement (to now) is written.
    const loadedWhileRunning = await findJob(db, id);
    if (!loadedWhileRunning) throw new Error('job missing');
    const endAt = s(start + 20 * MINUTE);
    expect((await hireCall(t.app, 'POST', `hire/jobs/${id}/end`, token, { endAt })).statusCode).toBe(200);
    const ended = await findJob(db, id);
    await new JobMeasurer({ db, now: () => t.clock.now() }).measure(loadedWhileRunning);
    const { stored, truth } = await storedAndTrue(id);
    expect(s(Number(stored.end_ms))).toBe(endAt);
    expect({ covered: stored.covered_m2, amount: stored.amount_paise }).toEqual({ covered: ended?.covered_m2, amount: ended?.amount_paise });
    expect({ covered: stored.covered_m2, amount: stored.amount_paise }).toEqual({ covered: truth.covered_m2, amount: truth.amount_paise });
    // What the owner reads now (not measured again: measured after its end had settled) is that bill.
    expect((await hireCall(t.app, 'GET', `hire/jobs/${id}`, token)).json<JobDetail>().amountPaise).toBe(truth.amount_paise);
  });

  // PostgreSQL only: the end is held uncommitted by the test's own transaction while the edit runs.
  if (target.name === 'postgres')
    it('an edit of the rate made while the job is being ended keeps the end (the job does not run again)', async () => {
      const db = t.database.db.kysely;
      const { token, id, start } = await runningJob(0);
      const endMs = start + 20 * MINUTE;
      let endWritten = false;
      let commitEnd = () => {};
      const committed = new Promise<void>((resolve) => {
        commitEnd = resolve;
      });
      const ending = db.transaction().execute(async (trx) => {
        await trx.updateTable('hire_jobs').set({ end_ms: endMs }).where('id', '=', id).execute();
        endWritten = true;
        await committed;
      });
      await until('the end to be written', () => endWritten, 10_000);
      const edit = hireCall(t.app, 'PATCH', `hire/jobs/${id}`, token, { ratePaise: 150_000 });
      const waiting = () =>
        sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query ilike '%hire_jobs%'`
          .execute(db)
          .then((r) => (r.rows[0]?.n ?? 0) > 0);
      await until('the edit to wait for the end', waiting, 10_000);
      commitEnd();
      await ending;
      const answer = await edit;
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json<JobDetail>()).toMatchObject({ endAt: s(endMs), running: false });
      const { stored, truth } = await storedAndTrue(id);
      expect({ end: stored.end_ms === null ? null : Number(stored.end_ms), rate: Number(stored.rate_paise) }).toEqual({ end: endMs, rate: 150_000 });
      expect(stored.amount_paise).toBe(truth.amount_paise);
    });
});
