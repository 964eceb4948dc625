import { describe, expect, it } from 'vitest';
import type { BillLink, CreatedBillLink, CreatedLiveLink, LiveLink, PublicBill, PublicLive } from '@tractorlink/domain/hire-api';
import { at, ingest, series } from './support/alerts';
import { login, type Owner } from './support/api';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { customerBody, hireCall, jobBody, newId } from './support/hire';
import { HOUR, MINUTE, TEST_START } from './support/test-clock';
import { ownerWithTractor } from './support/vehicles';

/**
 * Issue 17: a bill link shows only its customer's jobs (a job link only that job), in the customer's
 * language, and nothing else of the owner; a live link shows one tractor's position (and today's track
 * if chosen). Revoked or expired, either answers 404 with the body of any unknown address.
 */
const s = (ms: number) => Math.floor(ms / 1000);
const UNKNOWN_TOKEN = 'A'.repeat(43);

describe.each(dbTargets)('hire bill and live links, $name', (target) => {
  const t = useTestApp(target);
  const publicGet = (url: string) => hireCall(t.app, 'GET', url, undefined);
  /** A fresh access token once the clock has moved past the first one's 15 minutes. */
  const relogin = async (owner: Owner) => (await login(t.app, owner, owner.pin)).json<{ access_token: string }>().access_token;

  async function ledgerOfTwo() {
    const { owner, tractor } = await ownerWithTractor(t, '9876543210', { implementWidthM: 2 });
    const token = owner.accessToken;
    // An hour of work in the morning for Sunil, another for him later, one for Mohan in between.
    const work = (startMs: number, x0: number) =>
      ingest(
        t.app,
        tractor,
        series(startMs, 120, 15_000, (i) => ({ ...at(x0 + (i % 20) * 20, Math.floor(i / 20) * 2), speedKmh: 5, ignition: true, pto: true })),
      );
    await work(TEST_START - 5 * HOUR, 0);
    await work(TEST_START - 3 * HOUR, 2000);
    await work(TEST_START - HOUR, 0);
    const sunil = customerBody({ name: 'Sunil Shinde', language: 'mr' });
    const mohan = customerBody({ name: 'Mohan Jadhav', village: 'Ozar', language: 'hi', phone: '9822000000' });
    for (const c of [sunil, mohan]) expect((await hireCall(t.app, 'POST', 'hire/customers', token, c)).statusCode).toBe(201);
    const job = (customerId: string, fromMs: number) =>
      jobBody(customerId, tractor.vin, { ratePaise: 150_000, startAt: s(fromMs), endAt: s(fromMs + 35 * MINUTE) });
    const jobs = [job(sunil.id, TEST_START - 5 * HOUR), job(mohan.id, TEST_START - 3 * HOUR), job(sunil.id, TEST_START - HOUR)];
    for (const j of jobs) {
      const res = await hireCall(t.app, 'POST', 'hire/jobs', token, j);
      expect(res.statusCode, res.body).toBe(201);
    }
    const pay = (customerId: string, amountPaise: number, jobId?: string) => ({
      id: newId(),
      customerId,
      amountPaise,
      method: 'cash',
      paidOn: '2026-11-21',
      jobId,
    });
    for (const p of [pay(sunil.id, 10_000, jobs[0]?.id), pay(mohan.id, 5_000), pay(sunil.id, 7_000)])
      expect((await hireCall(t.app, 'POST', 'hire/payments', token, p)).statusCode).toBe(201);
    return { owner, token, tractor, sunil, mohan, jobs };
  }

  it('a customer’s bill shows their jobs only, in their language, and nothing of the owner', async () => {
    const { token, tractor, sunil, mohan, jobs } = await ledgerOfTwo();
    const created = await hireCall(t.app, 'POST', 'hire/bill-links', token, { customerId: sunil.id });
    expect(created.statusCode, created.body).toBe(201);
    const link = created.json<CreatedBillLink>();
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.path).toBe(`/bill.html#${link.token}`);

    const res = await publicGet(`public/bills/${link.token}`);
    expect(res.statusCode, res.body).toBe(200);
    const bill = res.json<PublicBill>();
    expect(bill.language).toBe('mr');
    expect(bill.customer).toEqual({ name: 'Sunil Shinde', village: 'Shirsgaon' });
    expect(bill.jobs.map((j) => j.startAt)).toEqual([jobs[2]?.startAt, jobs[0]?.startAt]);
    for (const j of bill.jobs) {
      expect(j.coveredAcres).toBeGreaterThan(0);
      expect(j.amountPaise).toBe(Math.round(j.coveredAcres * 150_000));
      expect(j.workedArea?.type).toBe('MultiPolygon');
      expect(j.date).toBe('2026-11-21');
    }
    expect(bill.payments.map((p) => p.amountPaise).sort()).toEqual([10_000, 7_000].sort());
    const amount = bill.jobs.reduce((sum, j) => sum + j.amountPaise, 0);
    expect(bill.totals).toEqual({ amountPaise: amount, paidPaise: 17_000 });
    expect(bill.balancePaise).toBe(amount - 17_000);
    // Nothing of Mohan, of the owner, of the tractor, and no ids.
    for (const secret of [
      mohan.name,
      mohan.id,
      'Ozar',
      'Ramesh Patil',
      '9876543210',
      sunil.phone,
      tractor.vin,
      tractor.reg_no,
      tractor.imei,
      sunil.id,
      ...jobs.map((j) => j.id),
    ])
      expect(res.body).not.toContain(secret);
    expect(res.headers['cache-control']).toBe('no-store');

    // The owner's ledger agrees with the bill.
    const ledger = (await hireCall(t.app, 'GET', `hire/customers/${sunil.id}`, token)).json<{ totals: { balancePaise: number } }>();
    expect(ledger.totals.balancePaise).toBe(bill.balancePaise);
  });

  it('a job’s bill shows that job and its payments, with the customer’s whole balance', async () => {
    const { token, sunil, jobs } = await ledgerOfTwo();
    const link = (await hireCall(t.app, 'POST', 'hire/bill-links', token, { customerId: sunil.id, jobId: jobs[0]?.id })).json<CreatedBillLink>();
    const bill = (await publicGet(`public/bills/${link.token}`)).json<PublicBill>();
    expect(bill.jobs.map((j) => j.startAt)).toEqual([jobs[0]?.startAt]);
    expect(bill.payments).toEqual([{ paidOn: '2026-11-21', amountPaise: 10_000, method: 'cash' }]);
    expect(bill.jobs[0]?.paidPaise).toBe(10_000);
    const all = (await hireCall(t.app, 'GET', `hire/customers/${sunil.id}`, token)).json<{ totals: { balancePaise: number } }>();
    expect(bill.balancePaise).toBe(all.totals.balancePaise);
    // A job of another customer cannot be put on Sunil's bill.
    const mixed = await hireCall(t.app, 'POST', 'hire/bill-links', token, { customerId: sunil.id, jobId: jobs[1]?.id });
    expect(mixed.statusCode).toBe(404);
  });

  it('a revoked or expired bill link is 404 with the body of an unknown address', async () => {
    const { owner, token, sunil } = await ledgerOfTwo();
    const unknownRoute = await publicGet('public/nothing-here');
    const unknown = await publicGet(`public/bills/${UNKNOWN_TOKEN}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toBe(unknownRoute.body);

    const revoked = (await hireCall(t.app, 'POST', 'hire/bill-links', token, { customerId: sunil.id })).json<CreatedBillLink>();
    expect((await publicGet(`public/bills/${revoked.token}`)).statusCode).toBe(200);
    expect((await hireCall(t.app, 'DELETE', `hire/bill-links/${revoked.id}`, token)).statusCode).toBe(204);
    const afterRevoke = await publicGet(`public/bills/${revoked.token}`);
    expect([afterRevoke.statusCode, afterRevoke.body]).toEqual([404, unknown.body]);

    const dated = (await hireCall(t.app, 'POST', 'hire/bill-links', token, { customerId: sunil.id, expiresIn: '1d' })).json<CreatedBillLink>();
    t.clock.advance(24 * HOUR - 1000);
    expect((await publicGet(`public/bills/${dated.token}`)).statusCode).toBe(200);
    t.clock.advance(1000);
    const expired = await publicGet(`public/bills/${dated.token}`);
    expect([expired.statusCode, expired.body]).toEqual([404, unknown.body]);
    const list = (await hireCall(t.app, 'GET', `hire/bill-links?customerId=${sunil.id}`, await relogin(owner))).json<{ data: BillLink[] }>();
    expect(list.data.map((l) => l.state).sort()).toEqual(['expired', 'revoked']);
    expect(JSON.stringify(list)).not.toContain(revoked.token);
  });

  it('only a hash of a token is kept', async () => {
    const { token, sunil, tractor } = await ledgerOfTwo();
    const bill = (await hireCall(t.app, 'POST', 'hire/bill-links', token, { customerId: sunil.id })).json<CreatedBillLink>();
    const live = (await hireCall(t.app, 'POST', 'live-links', token, { vin: tractor.vin, duration: '1h' })).json<CreatedLiveLink>();
    const rows = await t.database.db.kysely.selectFrom('hire_links').selectAll().execute();
    expect(rows).toHaveLength(2);
    for (const created of [bill.token, live.token]) expect(JSON.stringify(rows)).not.toContain(created);
  });

  it('a live link shows the tractor’s position (and today’s track when chosen) until it expires or is revoked', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const token = owner.accessToken;
    await ingest(
      t.app,
      tractor,
      series(TEST_START - 10 * MINUTE, 60, 10_000, (i) => ({ ...at(i * 14, 0), speedKmh: 5, ignition: true, pto: true, heading: 90 })),
    );
    const plain = (await hireCall(t.app, 'POST', 'live-links', token, { vin: tractor.vin, duration: '1h' })).json<CreatedLiveLink>();
    expect(plain.path).toBe(`/live.html#${plain.token}`);
    expect(plain.expiresAt).toBe(s(TEST_START) + 3600);
    const withTrack = (
      await hireCall(t.app, 'POST', 'live-links', token, { vin: tractor.vin, duration: '1w', includeTrack: true, language: 'ta' })
    ).json<CreatedLiveLink>();

    const res = await publicGet(`public/live/${plain.token}`);
    expect(res.statusCode, res.body).toBe(200);
    const live = res.json<PublicLive>();
    expect(live).toMatchObject({ language: 'en', regNo: tractor.reg_no, status: 'working', track: null, refreshAfterSeconds: 15 });
    const last = at(59 * 14, 0);
    expect(live.position?.lat).toBeCloseTo(last.lat, 5);
    expect(live.position?.lng).toBeCloseTo(last.lon, 5);
    expect(live.position?.at).toBe(s(TEST_START - 10 * MINUTE + 59 * 10_000));
    for (const secret of [tractor.vin, tractor.imei, '9876543210', 'Ramesh Patil']) expect(res.body).not.toContain(secret);

    const tracked = (await publicGet(`public/live/${withTrack.token}`)).json<PublicLive>();
    expect(tracked.language).toBe('ta');
    expect(tracked.track).toHaveLength(60);

    const unknown = await publicGet(`public/live/${UNKNOWN_TOKEN}`);
    // Past the hour: expired. The week's link lives on until revoked.
    t.clock.advance(HOUR);
    const expired = await publicGet(`public/live/${plain.token}`);
    expect([expired.statusCode, expired.body]).toEqual([404, unknown.body]);
    expect((await publicGet(`public/live/${withTrack.token}`)).statusCode).toBe(200);
    // A bill's address does not take a live token either.
    expect((await publicGet(`public/bills/${withTrack.token}`)).body).toBe(unknown.body);

    const relogged = await relogin(owner);
    expect((await hireCall(t.app, 'DELETE', `live-links/${withTrack.id}`, relogged)).statusCode).toBe(204);
    const revoked = await publicGet(`public/live/${withTrack.token}`);
    expect([revoked.statusCode, revoked.body]).toEqual([404, unknown.body]);
    const list = (await hireCall(t.app, 'GET', 'live-links', relogged)).json<{ data: LiveLink[] }>().data;
    expect(list.map((l) => l.state).sort()).toEqual(['expired', 'revoked']);
  });
});
