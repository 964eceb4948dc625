import { describe, expect, it } from 'vitest';
import type { JobDetail, Proposal } from '@tractorlink/domain/hire-api';
import { SQUARE_METERS_PER_ACRE } from '@tractorlink/domain/geo';
import { DEVICE_CADENCE, simulateDay } from '../src/sim/farm-day';
import { FARM } from './support/alerts';
import { login } from './support/api';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { CUSTOMER_FIELDS, customerBody, hireCall, ingestHireDay, newId } from './support/hire';
import { ingest } from './support/alerts';
import { ownerWithTractor } from './support/vehicles';

/**
 * Issue 17 acceptance: on a simulated day with three customers' fields, three jobs are proposed with
 * acres within 3 % of the simulator's truth, and each accepted proposal becomes a job of that field's
 * work alone (it ends where the tractor moved on). The truth is the simulator's own: passes × length ×
 * implement width of each field, each strip once.
 */
const acres = (m2: number) => m2 / SQUARE_METERS_PER_ACRE;
const within = (measured: number, truthM2: number) => Math.abs(measured - acres(truthM2)) / acres(truthM2);

describe.each(dbTargets)('hire proposals from the track, $name', (target) => {
  const t = useTestApp(target);

  it('a day on three customers’ fields: three proposals and three jobs, acres within 3 % of the truth', { timeout: 120_000 }, async () => {
    const { owner, tractor } = await ownerWithTractor(t, '9876543210', { implementWidthM: 1.8 });
    // Yesterday (the clock is 21 Nov, 12:00 IST): the day is over, so each job ends with its field.
    const truth = await ingestHireDay(t.app, tractor, '2026-11-20');
    const fields = truth.fields;
    expect(fields).toHaveLength(3);

    const listed = await hireCall(t.app, 'GET', 'hire/proposals', owner.accessToken);
    expect(listed.statusCode, listed.body).toBe(200);
    const proposals = listed.json<{ data: Proposal[] }>().data.sort((a, b) => a.startAt - b.startAt);
    expect(proposals).toHaveLength(3);
    for (const [i, p] of proposals.entries()) {
      const field = fields[i] as NonNullable<typeof fields>[number];
      expect(p.startAt).toBe(Math.floor(field.start / 1000));
      expect(within(p.coveredAcres, field.workM2), `field ${i}: ${p.coveredAcres} acres of ${acres(field.workM2).toFixed(2)}`).toBeLessThan(0.03);
      expect(p.vin).toBe(tractor.vin);
      expect(p.running).toBe(false);
      // The local geocoder names the nearest town to where the work started.
      expect(p.place?.name).toBeTruthy();
    }

    // One tap per field: a customer, and the proposal becomes that customer's job.
    for (const [i, p] of proposals.entries()) {
      const customer = customerBody({ name: ['Sunil Shinde', 'Mohan Jadhav', 'Anil Pawar'][i] });
      expect((await hireCall(t.app, 'POST', 'hire/customers', owner.accessToken, customer)).statusCode).toBe(201);
      const jobId = newId();
      const accepted = await hireCall(t.app, 'POST', `hire/proposals/${p.id}/accept`, owner.accessToken, {
        jobId,
        customerId: customer.id,
        implement: 'rotavator',
        rateKind: 'acre',
        ratePaise: 120_000,
      });
      expect(accepted.statusCode, accepted.body).toBe(201);
      const job = accepted.json<JobDetail>();
      const field = fields[i] as NonNullable<typeof fields>[number];
      expect(job.running).toBe(false);
      expect(job.startAt).toBe(p.startAt);
      // It ends with the field's last pass (the fix after it closes the last interval), not at the next field.
      expect(Math.abs((job.endAt as number) - field.end / 1000)).toBeLessThanOrEqual(DEVICE_CADENCE.movingS);
      expect(within(job.coveredAcres, field.workM2), `job ${i}: ${job.coveredAcres} acres of ${acres(field.workM2).toFixed(2)}`).toBeLessThan(0.03);
      expect(job.amountPaise).toBe(Math.round(job.coveredAcres * 120_000));
      expect(job.workedArea?.type).toBe('MultiPolygon');
      expect(JSON.stringify(job.workedArea).length).toBeLessThan(8_000);
      expect(job.implementWidthM).toBe(1.8);
    }
    const after = await hireCall(t.app, 'GET', 'hire/proposals', owner.accessToken);
    expect(after.json<{ data: Proposal[] }>().data).toEqual([]);
  });

  it('while the tractor works a field it is proposed as running, and the job it becomes ends when the tractor moves on', { timeout: 120_000 }, async () => {
    const profile = { imei: '860000000000303', home: FARM, fields: [], implementWidthM: 1.8, tankCapacityL: 55 };
    const day = simulateDay(profile, { fuelL: 50, engineMin: 9000, odometerM: 0, position: FARM }, '2026-11-22', {
      cadence: DEVICE_CADENCE,
      fields: CUSTOMER_FIELDS,
    });
    const [first, second] = day.fields ?? [];
    if (!first || !second) throw new Error('no fields worked');
    // Half-way through the second field.
    const midSecond = Math.round((second.start + second.end) / 2);
    t.clock.set(midSecond);
    const { owner, tractor } = await ownerWithTractor(t, '9876543210', { implementWidthM: 1.8 });
    const toReading = (s: (typeof day.samples)[number]) => ({ time: s.time, lat: s.lat, lon: s.lon, speedKmh: s.speedKmh, ignition: s.ignition, pto: s.pto });
    await ingest(t.app, tractor, day.samples.filter((s) => s.time <= midSecond).map(toReading));

    const proposals = (await hireCall(t.app, 'GET', 'hire/proposals', owner.accessToken)).json<{ data: Proposal[] }>().data;
    expect(proposals.map((p) => [p.startAt, p.running])).toEqual([
      [Math.floor(second.start / 1000), true],
      [Math.floor(first.start / 1000), false],
    ]);
    const customer = customerBody();
    await hireCall(t.app, 'POST', 'hire/customers', owner.accessToken, customer);
    const jobId = newId();
    const accepted = await hireCall(t.app, 'POST', `hire/proposals/${proposals[0]?.id}/accept`, owner.accessToken, { jobId, customerId: customer.id });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const running = accepted.json<JobDetail>();
    expect(running.running).toBe(true);
    // Defaults for a customer without jobs: the tractor's implement width, per acre, no rate yet.
    expect([running.implement, running.implementWidthM, running.rateKind, running.ratePaise]).toEqual(['other', 1.8, 'acre', 0]);
    expect(running.coveredAcres).toBeGreaterThan(0);
    expect(running.coveredAcres).toBeLessThan(acres(second.workM2));

    // The rest of the day arrives; the third field's work ends the job at the second field's end.
    const later = (day.fields?.[2]?.start ?? 0) + 20 * 60_000;
    t.clock.set(later);
    await ingest(t.app, tractor, day.samples.filter((s) => s.time > midSecond && s.time <= later).map(toReading));
    const relogged = await login(t.app, owner, owner.pin);
    const token = relogged.json<{ access_token: string }>().access_token;
    const ended = (await hireCall(t.app, 'GET', `hire/jobs/${jobId}`, token)).json<JobDetail>();
    expect(ended.running).toBe(false);
    expect(Math.abs((ended.endAt as number) - second.end / 1000)).toBeLessThanOrEqual(DEVICE_CADENCE.movingS);
    expect(within(ended.coveredAcres, second.workM2)).toBeLessThan(0.03);
    // The third field is proposed now, the first still is, the second no more.
    const open = (await hireCall(t.app, 'GET', 'hire/proposals', token)).json<{ data: Proposal[] }>().data;
    expect(open.map((p) => p.startAt)).toEqual([Math.floor((day.fields?.[2]?.start ?? 0) / 1000), Math.floor(first.start / 1000)]);
  });
});
