import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import servicesEn from '../../locales/services/en.json';
import { BookingStatusScreen } from './booking-status-screen';
import { booking, fakeApi, json, loadWords, renderAt } from './test-fixtures';

/** Money audit: a paid doorstep service and the spec's "fees are non-refundable" (spec §1). */

const ID = 'bk_0123456789abcdef01234567';
const URL_ = `/booking-status?bookingId=${ID}`;
const WARNING = 'You paid ₹590.00 online. Fees are non-refundable: cancelling does not return it.';

beforeAll(loadWords);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('cancelling a booking paid online', () => {
  it('says before cancelling that the fee paid online is not refunded; an unpaid booking has no such warning', async () => {
    fakeApi((path) => (path === `service-bookings/${ID}` ? json(booking({ payment: 'online', paymentStatus: 'paid', paidAt: 1_795_000_600 })) : json({}, 404)));
    const paid = renderAt(URL_, '/booking-status', <BookingStatusScreen />);
    fireEvent.click(await screen.findByRole('button', { name: servicesEn['bookingStatus.cancel'] }));
    expect(within(screen.getByRole('dialog', { name: servicesEn['bookingStatus.cancelTitle'] })).getByText(WARNING)).toBeTruthy();
    paid.unmount();

    fakeApi((path) => (path === `service-bookings/${ID}` ? json(booking({ payment: 'online', paymentStatus: 'pending' })) : json({}, 404)));
    renderAt(URL_, '/booking-status', <BookingStatusScreen />);
    fireEvent.click(await screen.findByRole('button', { name: servicesEn['bookingStatus.cancel'] }));
    expect(within(screen.getByRole('dialog', { name: servicesEn['bookingStatus.cancelTitle'] })).queryByText(WARNING)).toBeNull();
  });

  it('once the owner cancelled it, says the fee is not returned, and never "refund due"', async () => {
    const cancelled = booking({
      payment: 'online',
      paymentStatus: 'paid',
      paidAt: 1_795_000_600,
      status: 'cancelled',
      cancellable: false,
      refundDue: false,
      timeline: [
        { status: 'requested', at: 1_795_000_000, by: 'owner', reason: null },
        { status: 'cancelled', at: 1_795_000_900, by: 'owner', reason: 'Fixed it myself' },
      ],
    });
    fakeApi((path) => (path === `service-bookings/${ID}` ? json(cancelled) : json({}, 404)));
    renderAt(URL_, '/booking-status', <BookingStatusScreen />);
    expect(await screen.findByText('You cancelled after paying ₹590.00 online. Fees are non-refundable, so it is not returned.')).toBeTruthy();
    expect(screen.queryByText(/Refund due/)).toBeNull();
  });

  it("back from checkout with ?paid=1 but the server has no verified payment: no 'payment received', Pay now stays", async () => {
    fakeApi((path) => (path === `service-bookings/${ID}` ? json(booking({ payment: 'online', paymentStatus: 'pending' })) : json({}, 404)));
    renderAt(`${URL_}&paid=1`, '/booking-status', <BookingStatusScreen />);
    await screen.findByText('Payment pending: ₹590.00');
    expect(screen.queryByText(servicesEn['bookingStatus.paymentReceived'])).toBeNull();
    expect(screen.getByRole('button', { name: 'Pay ₹590.00 now' })).toBeTruthy();
  });
});
