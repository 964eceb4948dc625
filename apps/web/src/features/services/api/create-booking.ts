import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingView, CreateBookingRequest } from '@tractorlink/domain/service-booking-api';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST service-bookings: the same requestId answers the booking already made (a double tap books once). */
export function useCreateBooking() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateBookingRequest) => apiJson<BookingView>('service-bookings', { method: 'POST', body }),
    onSuccess: (booking) => {
      client.setQueryData(queryKeys.booking(booking.bookingId), booking);
      // The list and the free services left (and the slots' room) changed.
      void client.invalidateQueries({ queryKey: queryKeys.serviceBookings });
    },
  });
}
