import { useQuery } from '@tanstack/react-query';
import type { BookingView } from '@tractorlink/domain/service-booking-api';
import { HISTORY_LOADER_TIMEOUT_MS } from '../../../lib/loading';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET service-bookings: every request of the owner, newest first (kept for offline viewing). */
export function useBookings(enabled = true) {
  return useQuery({
    queryKey: queryKeys.bookingList,
    queryFn: ({ signal }) => apiJson<{ data: BookingView[] }>('service-bookings', { signal, loaderTimeoutMs: HISTORY_LOADER_TIMEOUT_MS }).then((r) => r.data),
    enabled,
    meta: { persist: true },
  });
}

/** GET service-bookings/{id}: one booking with its timeline; refetched when the owner comes back to the app. */
export function useBooking(bookingId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.booking(bookingId ?? ''),
    queryFn: ({ signal }) => apiJson<BookingView>(`service-bookings/${encodeURIComponent(bookingId ?? '')}`, { signal }),
    enabled: bookingId !== undefined,
    meta: { persist: true },
    refetchOnWindowFocus: 'always',
  });
}
