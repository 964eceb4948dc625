import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { CustomerLedger } from '@tractorlink/domain/hire-api';
import { loadHireTexts } from '../../lib/signed-in/hire-texts';
import { loadTractorTexts } from '../../lib/signed-in/tractor-texts';
import { fakeApi } from '../../test/api';
import { newCustomer } from '../../test/hire-customer';
import { renderWithProviders } from '../../test/render';
import { englishBeforeAll } from '../../test/words';
import { HireCustomerFormScreen } from './customer-form-screen';
import { HirePaymentScreen } from './payment-screen';

/**
 * A refused save of the customer and payment forms moves focus to the first thing to fix, as the
 * job, receiver and booking forms do: the farmer who tapped Save at the foot sees what is wrong.
 */
const tractor = { vin: 'MBNTL45DEM0000001', regNo: 'MH15EX4521', Veh_Name: 'Kisan 475' };
const now = Math.floor(Date.now() / 1000);
const customer = newCustomer(now);
const ledger: CustomerLedger = { customer, jobs: [], payments: [], totals: { amountPaise: 0, paidPaise: 0, balancePaise: 0 } };
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

englishBeforeAll(loadTractorTexts, loadHireTexts);
afterEach(() => vi.unstubAllGlobals());

describe('hire forms: focus on the first problem after a refused save', () => {
  it('customer form: a name given but a short phone number takes focus to the phone, and nothing is sent', async () => {
    const calls = fakeApi((path) => (path === 'hire/customers' ? json({ data: [] }) : json({}, 404)));
    renderWithProviders(<HireCustomerFormScreen />, { url: '/hire-customer-form', path: '/hire-customer-form', tractors: [tractor] });
    fireEvent.change(await screen.findByRole('textbox', { name: "Customer's name" }), { target: { value: 'Sunita Shinde' } });
    const phone = screen.getByRole('textbox', { name: /Mobile number/ });
    fireEvent.change(phone, { target: { value: '98765' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(document.activeElement).toBe(phone));
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('payment form: an amount given but a day in the future takes focus to the date, and nothing is sent', async () => {
    const calls = fakeApi((path) => {
      if (path === 'hire/customers') return json({ data: [customer] });
      if (path === 'hire/customers/c1') return json(ledger);
      return json({}, 404);
    });
    const { container } = renderWithProviders(<HirePaymentScreen />, { url: '/hire-payment?customerId=c1', path: '/hire-payment', tractors: [tractor] });
    fireEvent.change(await screen.findByRole('textbox', { name: /Amount received/ }), { target: { value: '500' } });
    const date = container.querySelector<HTMLInputElement>('input[type="date"]');
    if (!date) throw new Error('no date field');
    fireEvent.change(date, { target: { value: '2999-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save payment' }));
    await vi.waitFor(() => expect(document.activeElement).toBe(date));
    expect(date.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
