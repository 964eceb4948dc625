import type { CustomerLedger, JobDetail, Proposal } from '@tractorlink/domain/hire-api';
import { fromLocalMeters, toLocalMeters } from '@tractorlink/domain/geo';
import { acresOf } from '@tractorlink/domain/hire/amount';
import type { Reading } from '@tractorlink/domain/telemetry';
import { describe, expect, it } from 'vitest';
import { DEVICE_CADENCE, type FieldTruth, simulateDay } from '../src/sim/farm-day';
import { sampleToReading } from '../src/sim/to-reading';
import { FARM, ingest } from './support/alerts';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { CUSTOMER_FIELDS, customerBody, hireCall, jobBody } from './support/hire';
import { ownerWithTractor } from './support/vehicles';

/**
 * Hire jobs on a tractor whose device has no PTO input (a phone tracker, a device without the wire: the
 * PTO field is never sent). Inside a job's window the owner declared the work, so passes at working
 * speed with the engine running are the covered acres; PTO hours are not measured (null), not 0.
 */
const s = (ms: number) => Math.floor(ms / 1000);

/** The simulated hire day over the three customers' fields, each reading passed through `device`. */
function hireDay(device: (reading: Reading) => Reading): { readings: Reading[]; fields: FieldTruth[] } {
  const profile = { imei: '860000000000303', home: FARM, fields: [], implementWidthM: 1.8, tankCapacityL: 55 };
  const day = simulateDay(profile, { fuelL: 50, engineMin: 150 * 60, odometerM: 0, position: FARM }, '2026-11-20', {
    cadence: DEVICE_CADENCE,
    fields: CUSTOMER_FIELDS,
  });
  return { readings: day.samples.map((sample) => device(sampleToReading(sample))), fields: day.fields ?? [] };
}

describe.each(dbTargets)('hire jobs on a device without a PTO input, $name', (target) => {
  const t = useTestApp(target);

  async function setUp(readings: readonly Reading[]) {
    const { owner, tractor } = await ownerWithTractor(t, '9876543210', { implementWidthM: 1.8 });
    for (let i = 0; i < readings.length; i += 500) await ingest(t.app, tractor, readings.slice(i, i + 500));
    const customer = customerBody();
    expect((await hireCall(t.app, 'POST', 'hire/customers', owner.accessToken, customer)).statusCode).toBe(201);
    return { token: owner.accessToken, tractor, customer };
  }

  it('a per-acre job covers its field to within 5 % of the truth and bills it; PTO hours not measured; per hour bills engine hours', {
    timeout: 120_000,
  }, async () => {
    // The device sends no PTO field at all.
    const { readings, fields } = hireDay(({ pto: _pto, ...reading }) => reading);
    expect(fields).toHaveLength(CUSTOMER_FIELDS.length);
    const { token, tractor, customer } = await setUp(readings);

    const jobs: JobDetail[] = [];
    for (const field of fields) {
      const created = await hireCall(t.app, 'POST', 'hire/jobs', token, jobBody(customer.id, tractor.vin, { startAt: s(field.start), endAt: s(field.end) }));
      expect(created.statusCode, created.body).toBe(201);
      const job = created.json<JobDetail>();
      const truth = acresOf(field.workM2);
      expect(truth).toBeGreaterThan(2);
      expect(Math.abs(job.coveredAcres - truth), `${job.coveredAcres} acres of ${truth}`).toBeLessThanOrEqual(truth * 0.05);
      expect(job).toMatchObject({ ptoHours: null, quantitySource: 'covered', quantity: job.coveredAcres, amountPaise: Math.round(job.coveredAcres * 120_000) });
      expect(job.engineHours).toBeGreaterThan(0.3);
      jobs.push(job);
    }
    const [first, ...rest] = jobs as [JobDetail, ...JobDetail[]];

    // Read again: still not measured, never 0.
    const read = await hireCall(t.app, 'GET', `hire/jobs/${first.id}`, token);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<JobDetail>().ptoHours).toBeNull();

    // Per hour on PTO hours that were not measured: the engine hours, and the bill says so.
    const hourly = await hireCall(t.app, 'PATCH', `hire/jobs/${first.id}`, token, { rateKind: 'hour', ratePaise: 90_000 });
    expect(hourly.statusCode, hourly.body).toBe(200);
    const byHour = hourly.json<JobDetail>();
    expect(byHour).toMatchObject({ ptoHours: null, quantitySource: 'engine', quantity: byHour.engineHours });
    expect(byHour.amountPaise).toBe(Math.round(byHour.engineHours * 90_000));

    // The customer's ledger: the jobs' PTO hours not measured, the balance what the jobs billed.
    const ledger = await hireCall(t.app, 'GET', `hire/customers/${customer.id}`, token);
    expect(ledger.statusCode, ledger.body).toBe(200);
    const { jobs: listed, totals } = ledger.json<CustomerLedger>();
    expect(listed.map((j) => j.ptoHours)).toEqual(jobs.map(() => null));
    const billed = byHour.amountPaise + rest.reduce((sum, j) => sum + j.amountPaise, 0);
    expect(billed).toBeGreaterThan(0);
    expect(totals.balancePaise).toBe(billed);
  });

  it('the day’s three fields are proposed from the passes alone: starts at the work, acres within 5 % of the truth, PTO hours not measured', {
    timeout: 120_000,
  }, async () => {
    const { readings, fields } = hireDay(({ pto: _pto, ...reading }) => reading);
    const { token } = await setUp(readings);
    const listed = await hireCall(t.app, 'GET', 'hire/proposals', token);
    expect(listed.statusCode, listed.body).toBe(200);
    const proposals = listed.json<{ data: Proposal[] }>().data.sort((a, b) => a.startAt - b.startAt);
    expect(proposals).toHaveLength(fields.length);
    for (const [i, p] of proposals.entries()) {
      const field = fields[i] as FieldTruth;
      const truth = acresOf(field.workM2);
      // The first fix at working speed inside the field (the road there is faster than field work).
      expect(Math.abs(p.startAt - s(field.start)), `field ${i} starts at ${s(field.start)}`).toBeLessThanOrEqual(DEVICE_CADENCE.movingS);
      expect(Math.abs(p.coveredAcres - truth), `field ${i}: ${p.coveredAcres} acres of ${truth}`).toBeLessThanOrEqual(truth * 0.05);
      expect(p.ptoHours).toBeNull();
    }
  });

  it('a slow farm track that runs on into each field: the proposal still starts at the first pass, its acres the field’s', {
    timeout: 120_000,
  }, async () => {
    const { readings, fields } = hireDay(({ pto: _pto, ...reading }) => reading);
    // The last 500 m before each field driven at 8 km/h (working speed) straight into its first pass, from
    // outside it:
    // the track's fixes touch the field's cells, so without passesStart they joined its place.
    const TRACK_M = 500;
    const TRACK_S = Math.round(TRACK_M / (8 / 3.6));
    let day = readings;
    for (const field of fields) {
      const inField = day.filter((r) => r.time >= field.start && r.time <= field.end && r.lat !== undefined && r.lon !== undefined);
      const first = inField[0];
      if (!first) throw new Error('the field has fixes');
      const to = { lat: first.lat as number, lon: first.lon as number };
      // The track comes from outside the field: from its first pass, away from the middle of its fixes.
      const middle = inField.map((r) => toLocalMeters(to, { lat: r.lat as number, lon: r.lon as number }));
      const back = { x: -middle.reduce((sum, p) => sum + p.x, 0) / middle.length, y: -middle.reduce((sum, p) => sum + p.y, 0) / middle.length };
      const scale = TRACK_M / Math.hypot(back.x, back.y);
      const steps = Math.floor(TRACK_S / DEVICE_CADENCE.movingS);
      const track: Reading[] = Array.from({ length: steps }, (_, i) => {
        const f = 1 - i / steps;
        return {
          ...first,
          time: field.start - (steps - i) * DEVICE_CADENCE.movingS * 1000,
          ...fromLocalMeters(to, back.x * scale * f, back.y * scale * f),
          speedKmh: 8,
        };
      });
      day = [...day.filter((r) => r.time < field.start - TRACK_S * 1000), ...track, ...day.filter((r) => r.time >= field.start)];
    }
    const { token } = await setUp(day);
    const proposals = (await hireCall(t.app, 'GET', 'hire/proposals', token)).json<{ data: Proposal[] }>().data.sort((a, b) => a.startAt - b.startAt);
    expect(proposals).toHaveLength(fields.length);
    for (const [i, p] of proposals.entries()) {
      const field = fields[i] as FieldTruth;
      const truth = acresOf(field.workM2);
      // Within a cell (50 m of track, 23 s at 8 km/h) of the first pass, not 500 m back along the track.
      expect(s(field.start) - p.startAt, `field ${i} starts at ${s(field.start)}`).toBeLessThanOrEqual(30);
      expect(Math.abs(p.coveredAcres - truth), `field ${i}: ${p.coveredAcres} acres of ${truth}`).toBeLessThanOrEqual(truth * 0.05);
    }
  });

  it('a device that reports the PTO, only ever off, keeps the PTO rule: nothing covered, 0 PTO hours', { timeout: 120_000 }, async () => {
    const { readings, fields } = hireDay((reading) => ({ ...reading, pto: false }));
    const { token, tractor, customer } = await setUp(readings);
    const field = fields[0];
    if (!field) throw new Error('the simulated day has no field');
    const created = await hireCall(t.app, 'POST', 'hire/jobs', token, jobBody(customer.id, tractor.vin, { startAt: s(field.start), endAt: s(field.end) }));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<JobDetail>()).toMatchObject({ coveredAcres: 0, ptoHours: 0, amountPaise: 0 });
    // Nor is any place proposed: the PTO says no work was done.
    expect((await hireCall(t.app, 'GET', 'hire/proposals', token)).json<{ data: Proposal[] }>().data).toEqual([]);
  });
});
