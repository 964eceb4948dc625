import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { vi } from 'vitest';
import servicesEn from '../../locales/services/en.json';
import { checkoutPage } from './api/pay-booking';
import { BookingSummaryScreen } from './booking-summary-screen';
import { changeDraft, clearDraft, getDraft } from './draft';
import { OPTIONS, booking, fakeApi, json, loadWords, renderAt } from './test-fixtures';
import type { Call } from './test-fixtures';

const confirmButton = () => screen.getByRole('button', { name: servicesEn['summary.confirm'] });
const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST' && c.path === 'service-bookings');
const requestIdOf = (c: Call | undefined) => (c?.body as { requestId?: string } | undefined)?.requestId;

beforeAll(loadWords);

beforeEach(() => {
  clearDraft();
  changeDraft({ vin: OPTIONS.vin, type: 'repair', address: OPTIONS.address, date: '2026-11-28', slot: '09:00', note: ' Oil leak ' });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearDraft();
});

describe('booking summary (spec §2 booking-summary)', () => {
  it('shows the choice with GST lines and pay at the farm', async () => {
    fakeApi((path) => (path.startsWith('service-bookings/options') ? json(OPTIONS) : json({}, 404)));
    renderAt('/booking-summary', '/booking-summary', <BookingSummaryScreen />);
    await screen.findByText(servicesEn['serviceType.repair']);
    expect(screen.getByText(servicesEn['summary.cgst'])).toBeTruthy();
    expect(screen.getByText(servicesEn['summary.sgst'])).toBeTruthy();
    expect(screen.getByText('₹590.00')).toBeTruthy();
    expect(screen.getByText(servicesEn['summary.payAtFarm'])).toBeTruthy();
  });

  it('sends one booking on a double tap, and a retry after a failure reuses its request id', async () => {
    let fail = true;
    const calls = fakeApi((path, method) => {
      if (path.startsWith('service-bookings/options')) return json(OPTIONS);
      // The first try fails twice (the API client sends a failed request once more, spec §8).
      if (method === 'POST' && fail) return json({ error: { code: 'INTERNAL', message: 'x' } }, 503);
      if (method === 'POST') return json(booking(), 201);
      return json({}, 404);
    });
    renderAt('/booking-summary', '/booking-summary', <BookingSummaryScreen />);
    await screen.findByText(servicesEn['serviceType.repair']);
    fireEvent.click(confirmButton());
    fireEvent.click(confirmButton());
    await screen.findByRole('alert');
    expect(posts(calls)).toHaveLength(2);
    const first = requestIdOf(posts(calls)[0]);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdOf(posts(calls)[1])).toBe(first);
    expect(posts(calls)[0]?.body).toMatchObject({
      vin: OPTIONS.vin,
      type: 'repair',
      date: '2026-11-28',
      slot: '09:00',
      note: 'Oil leak',
      position: { lat: 18.82, lng: 74.37 },
    });

    fail = false;
    fireEvent.click(confirmButton());
    await waitFor(() => expect(screen.getByTestId('elsewhere').textContent).toBe('/booking-status?bookingId=bk_0123456789abcdef01234567'));
    expect(posts(calls)).toHaveLength(3);
    expect(requestIdOf(posts(calls)[2])).toBe(first);
    // Booked: the next booking starts from an empty form.
    expect(getDraft().type).toBeNull();
  });

  it('a full slot offers the next one with room, which books in one tap (with a new request id)', async () => {
    const calls = fakeApi((path, method, body) => {
      if (path.startsWith('service-bookings/options')) return json(OPTIONS);
      if (method === 'POST' && (body as { slot?: string }).slot === '09:00') {
        return json({ error: { code: 'SLOT_FULL', message: 'full', nextSlot: { date: '2026-11-28', slot: '13:00' } } }, 409);
      }
      if (method === 'POST') return json(booking({ slot: '13:00' }), 201);
      return json({}, 404);
    });
    renderAt('/booking-summary', '/booking-summary', <BookingSummaryScreen />);
    await screen.findByText(servicesEn['serviceType.repair']);
    fireEvent.click(confirmButton());
    expect((await screen.findByRole('alert')).textContent).toMatch(/already full/);
    const offer = screen.getByRole('button', { name: /Book Sat, 28 Nov, 1:00 pm instead/i });
    fireEvent.click(offer);
    await screen.findByTestId('elsewhere');
    expect(posts(calls)).toHaveLength(2);
    expect(posts(calls)[1]?.body).toMatchObject({ date: '2026-11-28', slot: '13:00' });
    expect(requestIdOf(posts(calls)[1])).not.toBe(requestIdOf(posts(calls)[0]));
  });

  it('a charge offers paying at the farm (the default) or now online; online books, asks for the payment and opens the checkout', async () => {
    const open = vi.spyOn(checkoutPage, 'open').mockImplementation(() => undefined);
    const checkoutUrl = '/api/v1/service-bookings/payments/bpay_0123456789abcdef01234567/checkout';
    const calls = fakeApi((path, method, body) => {
      if (path.startsWith('service-bookings/options')) return json(OPTIONS);
      if (method === 'POST' && path === 'service-bookings') return json(booking({ payment: (body as { payment?: 'online' }).payment ?? 'at_farm' }), 201);
      if (method === 'POST' && path === 'service-bookings/bk_0123456789abcdef01234567/payment') return json({ checkoutUrl }, 201);
      return json({}, 404);
    });
    renderAt('/booking-summary', '/booking-summary', <BookingSummaryScreen />);
    const choice = await screen.findByRole('group', { name: servicesEn['summary.payHow'] });
    const atFarm = screen.getByRole('radio', { name: new RegExp(servicesEn['summary.payAtFarmChoice']) });
    const online = screen.getByRole('radio', { name: new RegExp(servicesEn['summary.payOnline']) });
    expect(choice.contains(atFarm) && choice.contains(online)).toBe(true);
    expect((atFarm as HTMLInputElement).checked).toBe(true);
    // Each choice is a whole labelled row (the 48 px target is the label, styled as .choice).
    expect(atFarm.closest('label')?.className).toContain('choice');

    fireEvent.click(online);
    expect((online as HTMLInputElement).checked).toBe(true);
    const pay = screen.getByRole('button', { name: 'Confirm and pay ₹590.00' });
    fireEvent.click(pay);
    fireEvent.click(pay);
    await waitFor(() => expect(open).toHaveBeenCalledWith(checkoutUrl), { timeout: 5000 });
    expect(posts(calls)).toHaveLength(1);
    expect(posts(calls)[0]?.body).toMatchObject({ type: 'repair', payment: 'online' });
    expect(calls.filter((c) => c.path.endsWith('/payment'))).toHaveLength(1);
    // The way back from the gateway is the booking's status, not the summary.
    // (The route changes as the checkout opens; React shows it on its next render, not in the same tick.)
    await waitFor(() => expect(screen.getByTestId('elsewhere').textContent).toBe('/booking-status?bookingId=bk_0123456789abcdef01234567'));
  });

  it('a free service offers no payment choice and sends none', async () => {
    changeDraft({ type: 'periodic' });
    const calls = fakeApi((path, method) => {
      if (path.startsWith('service-bookings/options')) return json(OPTIONS);
      if (method === 'POST') return json(booking({ type: 'periodic', payment: 'free' }), 201);
      return json({}, 404);
    });
    renderAt('/booking-summary', '/booking-summary', <BookingSummaryScreen />);
    await screen.findByText(servicesEn['serviceType.periodic']);
    expect(screen.queryByRole('group', { name: servicesEn['summary.payHow'] })).toBeNull();
    fireEvent.click(confirmButton());
    await screen.findByTestId('elsewhere');
    expect(posts(calls)[0]?.body).not.toHaveProperty('payment');
  });

  it('says the details are missing when opened without a form', async () => {
    clearDraft();
    fakeApi(() => json({}, 404));
    renderAt('/booking-summary', '/booking-summary', <BookingSummaryScreen />);
    expect((await screen.findByRole('alert')).textContent).toBe(servicesEn['summary.missing']);
  });
});
