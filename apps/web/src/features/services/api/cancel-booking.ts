import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingView } from '@tractorlink/domain/service-booking-api';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST service-bookings/{id}/cancel with the owner's reason (refused once the technician is on the way). */
export function useCancelBooking(bookingId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => apiJson<BookingView>(`service-bookings/${encodeURIComponent(bookingId)}/cancel`, { method: 'POST', body: { reason } }),
    onSuccess: (booking) => {
      client.setQueryData(queryKeys.booking(booking.bookingId), booking);
      void client.invalidateQueries({ queryKey: queryKeys.serviceBookings });
    },
  });
}
