import { describe, expect, it } from 'vitest';
import type { CreatedBillLink, CreatedLiveLink, Proposal } from '@tractorlink/domain/hire-api';
import { at, ingest, series } from './support/alerts';
import { expectError } from './support/api';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { customerBody, hireCall, newId } from './support/hire';
import { MINUTE, TEST_START } from './support/test-clock';
import { ownerWithTractor } from './support/vehicles';

/**
 * Issue 17: another owner's customers, jobs, payments, proposals and links are 404 on every scoped
 * route, exactly like ids that do not exist, and nothing of theirs changes.
 */
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Ids {
  customerId: string;
  jobId: string;
  paymentId: string;
  proposalId: string;
  billLinkId: string;
  liveLinkId: string;
  vin: string;
}

/** Every route that names one thing of an owner, with a body only ownership can refuse. */
const SCOPED: { name: string; method: Method; url: (ids: Ids) => string; body?: (ids: Ids, mine: Ids) => unknown }[] = [
  { name: 'GET a customer', method: 'GET', url: (i) => `hire/customers/${i.customerId}` },
  {
    name: 'PUT a customer',
    method: 'PUT',
    url: (i) => `hire/customers/${i.customerId}`,
    body: () => ({ name: 'Taken Over', phone: null, village: null, language: 'en' }),
  },
  { name: 'DELETE a customer', method: 'DELETE', url: (i) => `hire/customers/${i.customerId}` },
  { name: 'GET a job', method: 'GET', url: (i) => `hire/jobs/${i.jobId}` },
  { name: 'PATCH a job', method: 'PATCH', url: (i) => `hire/jobs/${i.jobId}`, body: () => ({ ratePaise: 1 }) },
  { name: 'end a job', method: 'POST', url: (i) => `hire/jobs/${i.jobId}/end`, body: () => ({}) },
  { name: 'DELETE a job', method: 'DELETE', url: (i) => `hire/jobs/${i.jobId}` },
  { name: 'jobs of a VIN', method: 'GET', url: (i) => `hire/jobs?vin=${i.vin}` },
  { name: 'jobs of a customer', method: 'GET', url: (i) => `hire/jobs?customerId=${i.customerId}` },
  { name: 'payments of a customer', method: 'GET', url: (i) => `hire/payments?customerId=${i.customerId}` },
  { name: 'bill links of a customer', method: 'GET', url: (i) => `hire/bill-links?customerId=${i.customerId}` },
  {
    name: 'accept a proposal',
    method: 'POST',
    url: (i) => `hire/proposals/${i.proposalId}/accept`,
    body: (_i, mine) => ({ jobId: newId(), customerId: mine.customerId }),
  },
  { name: 'dismiss a proposal', method: 'POST', url: (i) => `hire/proposals/${i.proposalId}/dismiss` },
  { name: 'DELETE a payment', method: 'DELETE', url: (i) => `hire/payments/${i.paymentId}` },
  { name: 'revoke a bill link', method: 'DELETE', url: (i) => `hire/bill-links/${i.billLinkId}` },
  { name: 'revoke a live link', method: 'DELETE', url: (i) => `live-links/${i.liveLinkId}` },
  { name: 'live links of a VIN', method: 'GET', url: (i) => `live-links?vin=${i.vin}` },
  {
    name: 'a job for their customer on my tractor',
    method: 'POST',
    url: () => 'hire/jobs',
    body: (i, mine) => ({ ...jobBody(mine.vin, i.customerId) }),
  },
  { name: 'a job for my customer on their tractor', method: 'POST', url: () => 'hire/jobs', body: (i, mine) => ({ ...jobBody(i.vin, mine.customerId) }) },
  { name: 'a payment from their customer', method: 'POST', url: () => 'hire/payments', body: (i) => paymentBody(i.customerId) },
  {
    name: 'a payment on their job from my customer',
    method: 'POST',
    url: () => 'hire/payments',
    body: (i, mine) => ({ ...paymentBody(mine.customerId), jobId: i.jobId }),
  },
  { name: 'a bill link for their customer', method: 'POST', url: () => 'hire/bill-links', body: (i) => ({ customerId: i.customerId }) },
  {
    name: 'a bill link for their job under my customer',
    method: 'POST',
    url: () => 'hire/bill-links',
    body: (i, mine) => ({ customerId: mine.customerId, jobId: i.jobId }),
  },
  { name: 'a live link for their tractor', method: 'POST', url: () => 'live-links', body: (i) => ({ vin: i.vin, duration: '1h' }) },
];

const jobBody = (vin: string, customerId: string) => ({
  id: newId(),
  customerId,
  vin,
  implement: 'cultivator',
  implementWidthM: 2,
  rateKind: 'acre',
  ratePaise: 90_000,
  startAt: Math.floor((TEST_START - 5 * 3600_000) / 1000),
  endAt: Math.floor((TEST_START - 4 * 3600_000) / 1000),
});
const paymentBody = (customerId: string) => ({ id: newId(), customerId, amountPaise: 10_000, method: 'cash', paidOn: '2026-11-21' });

describe.each(dbTargets)('hire ledger ownership, $name', (target) => {
  const t = useTestApp(target);

  /** An owner with one of everything: customer, job, payment, proposal (ten minutes of work an hour ago), bill and live links. */
  async function ownerWithEverything(mobileNo: string): Promise<{ token: string; ids: Ids }> {
    const { owner, tractor } = await ownerWithTractor(t, mobileNo);
    const token = owner.accessToken;
    const customer = customerBody();
    expect((await hireCall(t.app, 'POST', 'hire/customers', token, customer)).statusCode).toBe(201);
    const job = jobBody(tractor.vin, customer.id);
    expect((await hireCall(t.app, 'POST', 'hire/jobs', token, job)).statusCode).toBe(201);
    const payment = { ...paymentBody(customer.id), jobId: job.id };
    expect((await hireCall(t.app, 'POST', 'hire/payments', token, payment)).statusCode).toBe(201);
    const start = TEST_START - 60 * MINUTE;
    await ingest(
      t.app,
      tractor,
      series(start, 60, 10_000, (i) => ({ ...at(i * 14, 0), speedKmh: 5, ignition: true, pto: true })),
    );
    const proposals = (await hireCall(t.app, 'GET', 'hire/proposals', token)).json<{ data: Proposal[] }>().data;
    expect(proposals).toHaveLength(1);
    const bill = (await hireCall(t.app, 'POST', 'hire/bill-links', token, { customerId: customer.id })).json<CreatedBillLink>();
    const live = (await hireCall(t.app, 'POST', 'live-links', token, { vin: tractor.vin, duration: '1d' })).json<CreatedLiveLink>();
    return {
      token,
      ids: {
        customerId: customer.id,
        jobId: job.id,
        paymentId: payment.id,
        proposalId: proposals[0]?.id as string,
        billLinkId: bill.id,
        liveLinkId: live.id,
        vin: tractor.vin,
      },
    };
  }

  it.each(SCOPED.map((r) => [r.name, r] as const))('%s: 404 for another owner’s, the same as for none', async (_name, route) => {
    const ramesh = await ownerWithEverything('9876543210');
    const suresh = await ownerWithEverything('9123456789');
    const unknown: Ids = {
      customerId: newId(),
      jobId: newId(),
      paymentId: newId(),
      proposalId: newId(),
      billLinkId: newId(),
      liveLinkId: newId(),
      vin: 'MBNAAHTR1NL999999',
    };
    const send = (ids: Ids) => hireCall(t.app, route.method, route.url(ids), ramesh.token, route.body?.(ids, ramesh.ids));
    const theirs = await send(suresh.ids);
    const none = await send(unknown);
    expectError(theirs, 'NOT_FOUND');
    expect(theirs.body).toBe(none.body);
    // A malformed id in the path is as unknown (404, never 400); one in a body is a validation error.
    const bad: Ids = { ...unknown, customerId: 'x', jobId: 'not-an-id', paymentId: '1', proposalId: 'p-1', billLinkId: '-', liveLinkId: 'a'.repeat(80) };
    if (route.url(bad) !== route.url(unknown)) expect((await send(bad)).body).toBe(none.body);

    // Nothing of Suresh's changed or went: his ledger, proposal and links are as they were.
    const ledger = await hireCall(t.app, 'GET', `hire/customers/${suresh.ids.customerId}`, suresh.token);
    expect(ledger.statusCode).toBe(200);
    expect(ledger.json<{ customer: { name: string }; jobs: unknown[]; payments: unknown[] }>()).toMatchObject({
      customer: { name: 'Sunil Shinde' },
      jobs: [{ id: suresh.ids.jobId, ratePaise: 90_000, running: false }],
      payments: [{ id: suresh.ids.paymentId }],
    });
    const proposals = (await hireCall(t.app, 'GET', 'hire/proposals', suresh.token)).json<{ data: Proposal[] }>().data;
    expect(proposals.map((p) => p.id)).toEqual([suresh.ids.proposalId]);
    const bills = (await hireCall(t.app, 'GET', 'hire/bill-links', suresh.token)).json<{ data: { state: string }[] }>().data;
    expect(bills.map((b) => b.state)).toEqual(['active']);
    const lives = (await hireCall(t.app, 'GET', 'live-links', suresh.token)).json<{ data: { state: string }[] }>().data;
    expect(lives.map((l) => l.state)).toEqual(['active']);
  });

  it('lists never show another owner’s customers, jobs, payments or links', async () => {
    const ramesh = await ownerWithEverything('9876543210');
    const suresh = await ownerWithEverything('9123456789');
    for (const url of ['hire/customers', 'hire/jobs', 'hire/payments', 'hire/proposals', 'hire/bill-links', 'live-links']) {
      const res = await hireCall(t.app, 'GET', url, ramesh.token);
      expect(res.statusCode, url).toBe(200);
      for (const id of Object.values(suresh.ids)) expect(res.body, url).not.toContain(id);
    }
    // Filtered by one of their customers: 404 like any other of their ids (the SCOPED routes above);
    // by one of the owner's own, the owner's things.
    for (const [url, id] of [
      [`hire/jobs?customerId=${ramesh.ids.customerId}`, ramesh.ids.jobId],
      [`hire/payments?customerId=${ramesh.ids.customerId}`, ramesh.ids.paymentId],
      [`hire/bill-links?customerId=${ramesh.ids.customerId}`, ramesh.ids.billLinkId],
    ] as const) {
      const res = await hireCall(t.app, 'GET', url, ramesh.token);
      expect(res.statusCode, url).toBe(200);
      expect(
        res.json<{ data: { id: string }[] }>().data.map((x) => x.id),
        url,
      ).toEqual([id]);
    }
  });
});
