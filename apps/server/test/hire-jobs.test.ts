import { describe, expect, it } from 'vitest';
import type { Customer, JobDetail, Proposal } from '@tractorlink/domain/hire-api';
import { acresOf } from '@tractorlink/domain/hire/amount';
import { at, ingest, series } from './support/alerts';
import { expectError, login } from './support/api';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { customerBody, hireCall, jobBody, newId } from './support/hire';
import { HOUR, MINUTE, TEST_START } from './support/test-clock';
import { ownerWithTractor } from './support/vehicles';

/** Issue 17: jobs the owner starts, edits and ends; amounts by acre, hour and trip; balances. */
const s = (ms: number) => Math.floor(ms / 1000);

describe.each(dbTargets)('hire jobs and balances, $name', (target) => {
  const t = useTestApp(target);

  async function setUp() {
    const { owner, tractor } = await ownerWithTractor(t, '9876543210', { implementWidthM: 2 });
    const customer = customerBody();
    expect((await hireCall(t.app, 'POST', 'hire/customers', owner.accessToken, customer)).statusCode).toBe(201);
    // Two hours ago, 40 minutes of passes 2 m apart at 5 km/h with the PTO on, then 20 minutes on the road.
    const start = TEST_START - 2 * HOUR;
    await ingest(
      t.app,
      tractor,
      series(start, 240, 10_000, (i) => {
        const pass = Math.floor(i / 20);
        const along = (i % 20) * 13.9;
        return { ...at(pass % 2 === 0 ? along : 264 - along, pass * 2), speedKmh: 5, ignition: true, pto: true };
      }),
    );
    await ingest(
      t.app,
      tractor,
      series(start + 40 * MINUTE, 120, 10_000, (i) => ({ ...at(300 + i * 50, 0), speedKmh: 18, ignition: true, pto: false })),
    );
    const job = (overrides: Record<string, unknown> = {}) =>
      jobBody(customer.id, tractor.vin, {
        startAt: s(start),
        endAt: s(start + 40 * MINUTE),
        ...overrides,
      });
    return { token: owner.accessToken, owner, tractor, customer, job, start };
  }

  it('amounts follow the rate kind and basis: covered or field acres, PTO or engine hours, trips, an agreed figure', async () => {
    const { token, job } = await setUp();
    const created = await hireCall(t.app, 'POST', 'hire/jobs', token, job());
    expect(created.statusCode, created.body).toBe(201);
    const acreJob = created.json<JobDetail>();
    // 12 passes of 264 m at 2 m: about 1.5 acres.
    expect(acreJob.coveredAcres).toBeGreaterThan(1.4);
    expect(acreJob.coveredAcres).toBeLessThan(1.7);
    expect(acreJob).toMatchObject({ quantitySource: 'covered', quantity: acreJob.coveredAcres, amountPaise: Math.round(acreJob.coveredAcres * 120_000) });
    expect(acreJob.ptoHours).toBeCloseTo(0.67, 1);

    // The owner draws the field: its acres, and billing by them.
    const boundary = [at(-5, -5), at(275, -5), at(275, 30), at(-5, 30)].map((p) => ({ latitude: p.lat, longitude: p.lon }));
    const patch = (body: Record<string, unknown>) => hireCall(t.app, 'PATCH', `hire/jobs/${acreJob.id}`, token, body);
    const drawn = (await patch({ boundary, acreBasis: 'field' })).json<JobDetail>();
    expect(drawn.fieldAcres).toBe(acresOf(280 * 35));
    expect(drawn).toMatchObject({ quantitySource: 'field', quantity: drawn.fieldAcres, amountPaise: Math.round((drawn.fieldAcres as number) * 120_000) });
    expect(drawn.boundary).toHaveLength(4);

    const hourly = (await patch({ rateKind: 'hour', ratePaise: 90_000 })).json<JobDetail>();
    expect(hourly).toMatchObject({ quantitySource: 'pto', quantity: hourly.ptoHours, amountPaise: Math.round((hourly.ptoHours ?? Number.NaN) * 90_000) });
    const byEngine = (await patch({ hourBasis: 'engine' })).json<JobDetail>();
    expect(byEngine.quantitySource).toBe('engine');
    const trips = (await patch({ rateKind: 'trip', ratePaise: 40_000, trips: 4 })).json<JobDetail>();
    expect(trips).toMatchObject({ quantitySource: 'trips', quantity: 4, amountPaise: 160_000 });
    const agreed = (await patch({ rateKind: 'acre', agreedQuantity: 1.25 })).json<JobDetail>();
    expect(agreed).toMatchObject({ quantitySource: 'agreed', quantity: 1.25, amountPaise: 50_000 });
    const cleared = (await patch({ agreedQuantity: null, boundary: null })).json<JobDetail>();
    // Billing by field acres with no field drawn falls back to the covered acres.
    expect(cleared).toMatchObject({ quantitySource: 'covered', fieldAcres: null, boundary: null });

    // A shorter window re-measures the track: the first 20 minutes are half the passes.
    const half = (await patch({ endAt: s(Date.parse('2026-11-21T04:50:00Z')) })).json<JobDetail>();
    expect(half.coveredAcres).toBeGreaterThan(cleared.coveredAcres * 0.4);
    expect(half.coveredAcres).toBeLessThan(cleared.coveredAcres * 0.6);
  });

  it('one tractor never has two jobs at once; a running job overlaps everything after its start', async () => {
    const { token, job, start } = await setUp();
    expect((await hireCall(t.app, 'POST', 'hire/jobs', token, job())).statusCode).toBe(201);
    const overlapping = await hireCall(t.app, 'POST', 'hire/jobs', token, job({ startAt: s(start + 30 * MINUTE), endAt: s(start + 50 * MINUTE) }));
    expect(expectError(overlapping, 'JOB_OVERLAP').error.details).toEqual([{ path: 'startAt', code: 'JOB_OVERLAP' }]);
    // Right after it: fine.
    const next = job({ startAt: s(start + 40 * MINUTE), endAt: null });
    const running = await hireCall(t.app, 'POST', 'hire/jobs', token, next);
    expect(running.statusCode, running.body).toBe(201);
    expect(running.json<JobDetail>().running).toBe(true);
    expectError(await hireCall(t.app, 'POST', 'hire/jobs', token, job({ startAt: s(start + 90 * MINUTE), endAt: null })), 'JOB_OVERLAP');
    // Ended now, the next one may start.
    const ended = await hireCall(t.app, 'POST', `hire/jobs/${next.id}/end`, token, {});
    expect(ended.json<JobDetail>()).toMatchObject({ running: false, endAt: s(TEST_START) });
    expect((await hireCall(t.app, 'POST', 'hire/jobs', token, job({ startAt: s(TEST_START), endAt: null }))).statusCode).toBe(201);
  });

  it('windows, boundaries and payment days are checked', async () => {
    const { token, job, start, customer } = await setUp();
    const bad = async (body: Record<string, unknown>, path: string, code: string) => {
      const res = await hireCall(t.app, 'POST', 'hire/jobs', token, job(body));
      expect(expectError(res, 'VALIDATION_FAILED').error.details).toEqual([{ path, code }]);
    };
    await bad({ startAt: s(TEST_START + HOUR) }, 'startAt', 'START_IN_FUTURE');
    await bad({ endAt: s(start - MINUTE) }, 'endAt', 'END_BEFORE_START');
    await bad({ startAt: s(start - 30 * HOUR) }, 'endAt', 'JOB_TOO_LONG');
    await bad({ implementWidthM: 40 }, 'implementWidthM', 'WIDTH_OUT_OF_RANGE');
    const crossing = [at(0, 0), at(100, 100), at(100, 0), at(0, 100)].map((p) => ({ latitude: p.lat, longitude: p.lon }));
    await bad({ boundary: crossing }, 'boundary', 'POLYGON_SELF_INTERSECTS');
    const future = await hireCall(t.app, 'POST', 'hire/payments', token, {
      id: newId(),
      customerId: customer.id,
      amountPaise: 100,
      method: 'upi',
      paidOn: '2026-11-22',
    });
    expect(expectError(future, 'VALIDATION_FAILED').error.details).toEqual([{ path: 'paidOn', code: 'DATE_IN_FUTURE' }]);
    const name = await hireCall(t.app, 'POST', 'hire/customers', token, customerBody({ name: 'R2D2' }));
    expect(expectError(name, 'VALIDATION_FAILED').error.details).toEqual([{ path: 'name', code: 'NAME_INVALID' }]);
    // Names and villages in the seven scripts are welcome.
    for (const [nameText, villageText] of [
      ['सुनील शिंदे', 'शिरसगाव'],
      ['ਗੁਰਪ੍ਰੀਤ ਸਿੰਘ', 'ਮੋਗਾ'],
      ['முருகன்', 'தஞ்சாவூர்'],
      ['రాము', 'గుంటూరు'],
      ['ભરત પટેલ', 'આણંદ'],
    ]) {
      const res = await hireCall(t.app, 'POST', 'hire/customers', token, customerBody({ name: nameText, village: villageText }));
      expect(res.statusCode, res.body).toBe(201);
    }
  });

  it('balances: the customers list and ledger sum amounts less payments; a customer with entries is not deleted', async () => {
    const { token, job, customer } = await setUp();
    const trip = job({ rateKind: 'trip', ratePaise: 50_000, trips: 3 });
    await hireCall(t.app, 'POST', 'hire/jobs', token, trip);
    const idle = customerBody({ name: 'Anil Pawar' });
    await hireCall(t.app, 'POST', 'hire/customers', token, idle);
    await hireCall(t.app, 'POST', 'hire/payments', token, { id: newId(), customerId: customer.id, amountPaise: 40_000, method: 'cash', paidOn: '2026-11-21' });
    const list = (await hireCall(t.app, 'GET', 'hire/customers', token)).json<{ data: Customer[] }>().data;
    expect(list.map((c) => [c.name, c.jobCount, c.amountPaise, c.paidPaise, c.balancePaise])).toEqual([
      ['Sunil Shinde', 1, 150_000, 40_000, 110_000],
      ['Anil Pawar', 0, 0, 0, 0],
    ]);
    expectError(await hireCall(t.app, 'DELETE', `hire/customers/${customer.id}`, token), 'CUSTOMER_IN_USE');
    expect((await hireCall(t.app, 'DELETE', `hire/customers/${idle.id}`, token)).statusCode).toBe(204);
    // Deleting the job keeps the payment with the customer: paid in advance now.
    expect((await hireCall(t.app, 'DELETE', `hire/jobs/${trip.id}`, token)).statusCode).toBe(204);
    const ledger = (await hireCall(t.app, 'GET', `hire/customers/${customer.id}`, token)).json<{ totals: unknown; jobs: unknown[] }>();
    expect(ledger.totals).toEqual({ amountPaise: 0, paidPaise: 40_000, balancePaise: -40_000 });
  });

  it('a job left running ends with its day; dismissed proposals stay away, a deleted job’s proposal comes back', async () => {
    const { owner, token, job, start, customer } = await setUp();
    // The customer's job of the day before sets what a proposal accepted for them defaults to.
    expect((await hireCall(t.app, 'POST', 'hire/jobs', token, job({ startAt: s(start - 20 * HOUR), endAt: s(start - 19 * HOUR) }))).statusCode).toBe(201);
    const running = job({ startAt: s(start - 10 * MINUTE), endAt: null });
    expect((await hireCall(t.app, 'POST', 'hire/jobs', token, running)).statusCode).toBe(201);
    // The job covers the morning's work: nothing to propose.
    expect((await hireCall(t.app, 'GET', 'hire/proposals', token)).json<{ data: Proposal[] }>().data).toEqual([]);
    t.clock.advance(13 * HOUR); // past midnight IST
    const fresh = (await login(t.app, owner, owner.pin)).json<{ access_token: string }>().access_token;
    const ended = (await hireCall(t.app, 'GET', `hire/jobs/${running.id}`, fresh)).json<JobDetail>();
    // It ends with its work (the last working fix's interval), not at midnight.
    expect(ended.running).toBe(false);
    expect(ended.endAt).toBe(s(start + 40 * MINUTE));

    expect((await hireCall(t.app, 'DELETE', `hire/jobs/${running.id}`, fresh)).statusCode).toBe(204);
    const proposals = (await hireCall(t.app, 'GET', 'hire/proposals', fresh)).json<{ data: Proposal[] }>().data;
    expect(proposals.map((p) => p.startAt)).toEqual([s(start)]);
    const id = proposals[0]?.id as string;
    const jobId = newId();
    const accepted = await hireCall(t.app, 'POST', `hire/proposals/${id}/accept`, fresh, { jobId, customerId: customer.id });
    expect(accepted.statusCode, accepted.body).toBe(201);
    // The customer's last job set the implement and rate.
    expect(accepted.json<JobDetail>()).toMatchObject({ implement: 'rotavator', rateKind: 'acre', ratePaise: 120_000, endAt: s(start + 40 * MINUTE) });
    expect((await hireCall(t.app, 'POST', `hire/proposals/${id}/accept`, fresh, { jobId, customerId: customer.id })).statusCode).toBe(200);
    expectError(await hireCall(t.app, 'POST', `hire/proposals/${id}/accept`, fresh, { jobId: newId(), customerId: customer.id }), 'PROPOSAL_CLOSED');
    expectError(await hireCall(t.app, 'POST', `hire/proposals/${id}/dismiss`, fresh), 'PROPOSAL_CLOSED');
    await hireCall(t.app, 'DELETE', `hire/jobs/${jobId}`, fresh);
    expect((await hireCall(t.app, 'POST', `hire/proposals/${id}/dismiss`, fresh)).statusCode).toBe(204);
    expect((await hireCall(t.app, 'POST', `hire/proposals/${id}/dismiss`, fresh)).statusCode).toBe(204);
    expect((await hireCall(t.app, 'GET', 'hire/proposals', fresh)).json<{ data: Proposal[] }>().data).toEqual([]);
    expectError(await hireCall(t.app, 'POST', `hire/proposals/${id}/accept`, fresh, { jobId: newId(), customerId: customer.id }), 'PROPOSAL_CLOSED');
  });
});
