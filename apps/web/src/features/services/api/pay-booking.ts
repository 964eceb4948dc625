import { useMutation } from '@tanstack/react-query';
import type { BookingPaymentResponse } from '@tractorlink/domain/service-booking-api';
import { apiJson } from '../../../lib/api-client';

/** Leaves the app for the gateway's checkout page (a full page; it comes back to the booking's status). */
export const checkoutPage = {
  open(url: string): void {
    window.location.assign(url);
  },
};

/** POST service-bookings/{id}/payment: the gateway order for the booking's total (made once, the same one while unpaid). */
export function startBookingPayment(bookingId: string): Promise<BookingPaymentResponse> {
  return apiJson<BookingPaymentResponse>(`service-bookings/${encodeURIComponent(bookingId)}/payment`, { method: 'POST', body: {} });
}

/** 'Pay now': asks for the booking's payment and sends the browser to the gateway's checkout. */
export function usePayBooking(bookingId: string) {
  return useMutation({
    mutationFn: () => startBookingPayment(bookingId),
    onSuccess: ({ checkoutUrl }) => checkoutPage.open(checkoutUrl),
  });
}
