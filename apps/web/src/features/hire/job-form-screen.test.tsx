import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { loadHireTexts } from '../../lib/signed-in/hire-texts';
import { loadTractorTexts } from '../../lib/signed-in/tractor-texts';
import { fakeApi } from '../../test/api';
import { newCustomer } from '../../test/hire-customer';
import { renderWithProviders } from '../../test/render';
import { englishBeforeAll } from '../../test/words';
import { HireJobFormScreen } from './job-form-screen';

const tractor = { vin: 'MBNTL45DEM0000001', regNo: 'MH15EX4521', Veh_Name: 'Kisan 475' };
const now = Math.floor(Date.now() / 1000);
const customer = newCustomer(now);
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

englishBeforeAll(loadTractorTexts, loadHireTexts);
afterEach(() => vi.unstubAllGlobals());

describe('starting a hire job (issue 17)', () => {
  it('"Start the job" with no customer chosen takes focus up to the customer, the first thing to fix, and sends nothing', async () => {
    const calls = fakeApi((path) => {
      if (path === 'hire/customers') return json({ data: [customer] });
      if (path.startsWith('hire/jobs')) return json({ data: [] });
      return json({}, 404);
    });
    renderWithProviders(<HireJobFormScreen />, { url: '/hire-job-form', path: '/hire-job-form', tractors: [tractor] });
    fireEvent.click(await screen.findByRole('button', { name: 'Start the job' }));
    const who = screen.getByRole('combobox', { name: 'Customer' });
    await vi.waitFor(() => expect(document.activeElement).toBe(who));
    expect(who.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
