import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { Customer, JobDetail, Proposal } from '@tractorlink/domain/hire-api';
import hireEn from '../../locales/hire/en.json';
import { loadHireTexts } from '../../lib/signed-in/hire-texts';
import { loadTractorTexts } from '../../lib/signed-in/tractor-texts';
import { formatTime } from '../../public-pages/customer-figures';
import { fakeApi } from '../../test/api';
import { runningJob } from '../../test/hire-job';
import { renderWithProviders } from '../../test/render';
import { englishBeforeAll } from '../../test/words';
import { HireLedgerScreen } from './ledger-screen';

const tractor = { vin: 'MBNTL45DEM0000001', regNo: 'MH15EX4521', Veh_Name: 'Kisan 475' };
const now = Math.floor(Date.now() / 1000);
const customer = (id: string, name: string, balancePaise: number): Customer => ({
  id,
  name,
  phone: null,
  village: 'Shirsgaon',
  language: 'mr',
  createdAt: now - 9000,
  updatedAt: now - 9000,
  jobCount: 1,
  lastJobAt: now - 8000,
  amountPaise: 284_400,
  paidPaise: 284_400 - balancePaise,
  balancePaise,
});
const proposal: Proposal = {
  id: 'a3f0c2de-1111-4c2e-9a7b-000000000001',
  vin: tractor.vin,
  regNo: tractor.regNo,
  vehName: tractor.Veh_Name,
  startAt: now - 3600,
  lastWorkAt: now - 60,
  running: true,
  position: { lat: 20.17, lng: 73.99 },
  place: { name: 'Shirsgaon', district: 'Nashik' },
  coveredAcres: 1.12,
  ptoHours: 0.9,
};

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const renderLedger = () => renderWithProviders(<HireLedgerScreen />, { url: '/hire', path: '/hire', tractors: [tractor] });

englishBeforeAll(loadTractorTexts, loadHireTexts);
afterEach(() => vi.unstubAllGlobals());

describe('the hire ledger (issue 17)', () => {
  it('lists customers with what each owes; one tap on a customer makes the proposed work their job', async () => {
    const calls = fakeApi((path, method, body) => {
      if (path === 'hire/customers') return json({ data: [customer('c1', 'Ramesh Patil', 184_400), customer('c2', 'Sunita Shinde', 0)] });
      if (path === 'hire/jobs?limit=50') return json({ data: [] });
      if (path === 'hire/proposals') return json({ data: [proposal] });
      if (path === `hire/proposals/${proposal.id}/accept` && method === 'POST') {
        const { jobId } = body as { jobId: string };
        return json({ id: jobId } as JobDetail, 201);
      }
      return json({}, 404);
    });
    renderLedger();
    const ramesh = await screen.findByRole('link', { name: 'Ramesh Patil' });
    expect(ramesh.getAttribute('href')).toBe('/hire-customer/c1');
    const list = screen.getByRole('list', { name: hireEn['hire.view.customers'] });
    expect(within(list).getByText('Due: ₹1,844')).toBeTruthy();
    expect(within(list).getByText(hireEn['hire.balance.settled'])).toBeTruthy();

    const question = `Working near Shirsgaon since ${formatTime(proposal.startAt, 'en')} — whose job is this?`;
    const card = (await screen.findByRole('heading', { name: question })).closest('section') as HTMLElement;
    fireEvent.click(within(card).getByRole('button', { name: "Sunita Shinde's job" }));
    const moved = await screen.findByTestId('elsewhere');
    const accept = calls.find((c) => c.method === 'POST');
    expect(accept?.path).toBe(`hire/proposals/${proposal.id}/accept`);
    const sent = accept?.body as { jobId: string; customerId: string };
    expect(sent.customerId).toBe('c2');
    expect(sent.jobId).toMatch(/^[0-9a-f-]{36}$/);
    expect(moved.textContent).toBe(`/hire-job/${sent.jobId}`);
  });

  it('shows the latest jobs on their own tab, a running one marked', async () => {
    const job = runningJob(now - 3600, { vin: tractor.vin, updatedAt: now - 60, measuredAt: now - 60 });
    fakeApi((path) => {
      if (path === 'hire/customers') return json({ data: [] });
      if (path === 'hire/jobs?limit=50') return json({ data: [job] });
      if (path === 'hire/proposals') return json({ data: [] });
      return json({}, 404);
    });
    renderLedger();
    expect(await screen.findByText(hireEn['hire.customers.empty'])).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: hireEn['hire.view.jobs'] }));
    const list = await screen.findByRole('list', { name: hireEn['hire.view.jobs'] });
    expect(within(list).getByRole('link', { name: 'Ramesh Patil' }).getAttribute('href')).toBe('/hire-job/j1');
    expect(within(list).getByText(hireEn['hire.job.running'])).toBeTruthy();
    expect(within(list).getByText('₹2,844')).toBeTruthy();
  });
});
