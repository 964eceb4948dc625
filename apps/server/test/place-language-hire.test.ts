import { describe, expect, it } from 'vitest';
import type { CustomerLedger, JobDetail, JobSummary } from '@tractorlink/domain/hire-api';
import { at, ingest, series } from './support/alerts';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { customerBody, hireCall, jobBody } from './support/hire';
import { HOUR, MINUTE, TEST_START } from './support/test-clock';
import { ownerWithTractor } from './support/vehicles';
import { placesIn } from '../src/modules/hire/job-places';

const s = (ms: number) => Math.floor(ms / 1000);

/**
 * A farmer walkthrough in Hindi: a job made while the app was in English kept "Pimpalgaon Baswant"
 * after the switch. The owner's job views name the place in the language the owner has now.
 */
describe.each(dbTargets)("a job's place follows the owner's language, $name", (target) => {
  const t = useTestApp(target);

  it('the job list, the job and the customer ledger name the place in the new language', async () => {
    const { owner, tractor } = await ownerWithTractor(t, '9876543210', { implementWidthM: 2 });
    const token = owner.accessToken;
    const customer = customerBody();
    expect((await hireCall(t.app, 'POST', 'hire/customers', token, customer)).statusCode).toBe(201);
    // Work on the demo farm at Pimpalgaon Baswant, so the job has a starting position.
    const start = TEST_START - 2 * HOUR;
    await ingest(
      t.app,
      tractor,
      series(start, 60, 10_000, (i) => ({ ...at((i % 20) * 13, Math.floor(i / 20) * 2), speedKmh: 5, ignition: true, pto: true })),
    );
    const created = await hireCall(t.app, 'POST', 'hire/jobs', token, jobBody(customer.id, tractor.vin, { startAt: s(start), endAt: s(start + 10 * MINUTE) }));
    expect(created.statusCode, created.body).toBe(201);
    const job = created.json<JobDetail>();
    expect(job.place).toBe('Pimpalgaon Baswant');

    expect((await hireCall(t.app, 'PUT', 'profile', token, { language: 'hi' })).statusCode).toBeLessThan(300);
    const list = await hireCall(t.app, 'GET', 'hire/jobs', token);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<{ data: JobSummary[] }>().data.map((j) => j.place)).toEqual(['पिंपलगांव बसवंत']);
    expect((await hireCall(t.app, 'GET', `hire/jobs/${job.id}`, token)).json<JobDetail>().place).toBe('पिंपलगांव बसवंत');
    const ledger = (await hireCall(t.app, 'GET', `hire/customers/${customer.id}`, token)).json<CustomerLedger>();
    expect(ledger.jobs.map((j) => j.place)).toEqual(['पिंपलगांव बसवंत']);

    // And on to Tamil: no name is kept from an earlier language.
    expect((await hireCall(t.app, 'PUT', 'profile', token, { language: 'ta' })).statusCode).toBeLessThan(300);
    expect((await hireCall(t.app, 'GET', `hire/jobs/${job.id}`, token)).json<JobDetail>().place).toBe('பிம்பல்காவ் பஸ்வந்த்');
  });
});

describe('job places worked out on read', () => {
  it('asks once per ~110 m cell however many jobs it holds, and keeps the stored name when the geocoder cannot answer', async () => {
    const asked: string[] = [];
    const placeName = async (lat: number, lon: number, language: string) => {
      asked.push(`${lat},${lon},${language}`);
      return lat > 20.5 ? null : { name: 'पिंपलगांव बसवंत', district: null };
    };
    const field = (i: number) => ({ id: `j${i}`, lat: 20.1667 + i * 0.00001, lon: 73.9833, place: 'Pimpalgaon Baswant' });
    const jobs = [
      ...Array.from({ length: 30 }, (_, i) => field(i)),
      { id: 'far', lat: 21, lon: 74, place: 'Somewhere' },
      { id: 'none', lat: null, lon: null, place: null },
    ];
    const places = await placesIn(jobs, 'hi', placeName);
    expect(asked).toHaveLength(2);
    expect(places.get('j0')).toBe('पिंपलगांव बसवंत');
    expect(places.get('j29')).toBe('पिंपलगांव बसवंत');
    expect(places.get('far')).toBe('Somewhere');
    expect(places.get('none')).toBeNull();
  });
});
