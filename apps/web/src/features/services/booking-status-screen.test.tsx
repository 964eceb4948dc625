import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import servicesEn from '../../locales/services/en.json';
import { checkoutPage } from './api/pay-booking';
import { BookingStatusScreen } from './booking-status-screen';
import { booking, fakeApi, json, loadWords, renderAt } from './test-fixtures';

const ID = 'bk_0123456789abcdef01234567';
const URL_ = `/booking-status?bookingId=${ID}`;

beforeAll(loadWords);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const steps = () => within(screen.getByRole('list')).getAllByRole('listitem');

describe('booking status (spec §2 booking-status)', () => {
  it('draws the timeline: steps done with their time, the current one marked, the rest to come', async () => {
    const assigned = booking({
      status: 'assigned',
      technician: { name: 'Ravi Patil', phone: '9822012345' },
      timeline: [
        { status: 'requested', at: 1_795_000_000, by: 'owner', reason: null },
        { status: 'confirmed', at: 1_795_000_600, by: 'dealer', reason: null },
        { status: 'assigned', at: 1_795_001_200, by: 'dealer', reason: null },
      ],
    });
    fakeApi((path) => (path === `service-bookings/${ID}` ? json(assigned) : json({}, 404)));
    renderAt(URL_, '/booking-status', <BookingStatusScreen />);
    await screen.findByText('SB7K2Q9X');
    const items = steps();
    expect(items.map((li) => li.querySelector('.step-name')?.textContent)).toEqual(
      ['requested', 'confirmed', 'assigned', 'on_the_way', 'in_progress', 'done'].map((s) => servicesEn[`bookingStatus.step.${s}` as keyof typeof servicesEn]),
    );
    expect(items.slice(0, 3).every((li) => li.querySelector('time'))).toBe(true);
    expect(items[2]?.getAttribute('aria-current')).toBe('step');
    expect(items.slice(3).every((li) => li.className.includes('step-future') && !li.querySelector('time'))).toBe(true);
    // The technician, tap to call.
    const call = screen.getByRole('link', { name: /Call Ravi Patil/ });
    expect(call.getAttribute('href')).toBe('tel:9822012345');
    expect(screen.getByRole('button', { name: servicesEn['bookingStatus.cancel'] })).toBeTruthy();
  });

  it('offers no Cancel once the technician is on the way', async () => {
    fakeApi((path) => (path === `service-bookings/${ID}` ? json(booking({ status: 'on_the_way', cancellable: false })) : json({}, 404)));
    renderAt(URL_, '/booking-status', <BookingStatusScreen />);
    await screen.findByText('SB7K2Q9X');
    expect(screen.queryByRole('button', { name: servicesEn['bookingStatus.cancel'] })).toBeNull();
  });

  it('a cancelled booking shows who cancelled and why, with no steps to come', async () => {
    const cancelled = booking({
      status: 'cancelled',
      cancellable: false,
      timeline: [
        { status: 'requested', at: 1_795_000_000, by: 'owner', reason: null },
        { status: 'cancelled', at: 1_795_000_900, by: 'dealer', reason: 'No mechanic free' },
      ],
    });
    fakeApi((path) => (path === `service-bookings/${ID}` ? json(cancelled) : json({}, 404)));
    renderAt(URL_, '/booking-status', <BookingStatusScreen />);
    await screen.findByText('Cancelled by the workshop: No mechanic free');
    expect(steps()).toHaveLength(2);
    expect(screen.queryByRole('button', { name: servicesEn['bookingStatus.cancel'] })).toBeNull();
  });

  it('cancels with a reason chosen in the dialog', async () => {
    let current = booking();
    const calls = fakeApi((path, method, body) => {
      if (method === 'POST' && path === `service-bookings/${ID}/cancel`) {
        current = booking({
          status: 'cancelled',
          cancellable: false,
          timeline: [...current.timeline, { status: 'cancelled', at: 1_795_000_500, by: 'owner', reason: (body as { reason: string }).reason }],
        });
        return json(current);
      }
      return path === `service-bookings/${ID}` ? json(current) : json({ data: [] });
    });
    renderAt(URL_, '/booking-status', <BookingStatusScreen />);
    fireEvent.click(await screen.findByRole('button', { name: servicesEn['bookingStatus.cancel'] }));
    const dialog = screen.getByRole('dialog', { name: servicesEn['bookingStatus.cancelTitle'] });
    fireEvent.click(within(dialog).getByRole('radio', { name: servicesEn['bookingStatus.reason.timeNotGood'] }));
    fireEvent.click(within(dialog).getByRole('button', { name: servicesEn['bookingStatus.confirmCancel'] }));
    await screen.findByText(servicesEn['bookingStatus.cancelledNotice']);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: servicesEn['bookingStatus.reason.timeNotGood'] });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('without a booking id shows the newest open request', async () => {
    const list = [booking({ bookingId: 'bk_aaaaaaaaaaaaaaaaaaaaaaaa', status: 'done', cancellable: false, referenceId: 'OLDDONE1' }), booking()];
    const calls = fakeApi((path) => (path === 'service-bookings' ? json({ data: list }) : path === `service-bookings/${ID}` ? json(booking()) : json({}, 404)));
    renderAt('/booking-status', '/booking-status', <BookingStatusScreen />);
    await screen.findByText('SB7K2Q9X');
    expect(calls.map((c) => c.path)).toEqual(['service-bookings', `service-bookings/${ID}`]);
  });

  it('an online payment: pending with Pay now (again after a failed try), paid, or refund due once cancelled', async () => {
    const open = vi.spyOn(checkoutPage, 'open').mockImplementation(() => undefined);
    let shown = booking({ payment: 'online', paymentStatus: 'failed' });
    const calls = fakeApi((path, method) => {
      if (path === `service-bookings/${ID}`) return json(shown);
      if (method === 'POST' && path === `service-bookings/${ID}/payment`) return json({ checkoutUrl: '/checkout-here' });
      return json({}, 404);
    });
    const view = renderAt(`${URL_}&failed=1`, '/booking-status', <BookingStatusScreen />);
    await screen.findByText('Payment pending: ₹590.00');
    expect(screen.getByText(servicesEn['bookingStatus.paymentFailed'])).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pay ₹590.00 now' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('/checkout-here'));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    view.unmount();

    shown = booking({ payment: 'online', paymentStatus: 'paid', paidAt: 1_795_000_600 });
    const paid = renderAt(`${URL_}&paid=1`, '/booking-status', <BookingStatusScreen />);
    await screen.findByText(servicesEn['bookingStatus.paymentReceived']);
    expect(screen.getByText(/Paid online: ₹590.00 on/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Pay .* now/ })).toBeNull();
    paid.unmount();

    shown = booking({ payment: 'online', paymentStatus: 'paid', paidAt: 1_795_000_600, status: 'cancelled', cancellable: false, refundDue: true });
    renderAt(URL_, '/booking-status', <BookingStatusScreen />);
    await screen.findByText(/Refund due: you paid ₹590.00 online/);
    expect(screen.queryByRole('button', { name: /Pay .* now/ })).toBeNull();
  });
});
