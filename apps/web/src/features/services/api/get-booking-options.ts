import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BookingOptions } from '@tractorlink/domain/service-booking-api';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface Pin {
  lat: number;
  lng: number;
}

/** Rounded to about 10 m: a pin nudged by a finger's wobble asks nothing new. */
const round = (x: number) => Math.round(x * 10_000) / 10_000;

/**
 * GET service-bookings/options: types, free services, the farm address, and for the pin (or the
 * tractor's last position) its district, dealer and days. The last answer stays shown while a moved
 * pin's is fetched, so the form does not blink.
 */
export function useBookingOptions(vin: string | undefined, pin: Pin | null) {
  const lat = pin ? round(pin.lat) : null;
  const lng = pin ? round(pin.lng) : null;
  return useQuery({
    queryKey: queryKeys.bookingOptions(vin ?? '', lat, lng),
    queryFn: ({ signal }) => {
      const at = lat !== null && lng !== null ? `&lat=${lat}&lng=${lng}` : '';
      return apiJson<BookingOptions>(`service-bookings/options?vin=${encodeURIComponent(vin ?? '')}${at}`, { signal });
    },
    enabled: vin !== undefined,
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === vin ? keepPreviousData(previous) : undefined),
  });
}
