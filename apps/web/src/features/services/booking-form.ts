import type { BookingOptions, FarmAddress } from '@tractorlink/domain/service-booking-api';
import type { BookingDraft } from './draft';

/** The same rule as the domain's PINCODE_PATTERN (vehicles.ts), copied so zod stays out of this chunk. */
const PINCODE = /^[1-9]\d{5}$/;

export type BookingField = 'type' | 'pin' | 'slot' | keyof FarmAddress;

/** What is missing or wrong before the summary, as catalogue keys per field (the server checks again). */
export function bookingProblems(draft: BookingDraft, options: BookingOptions | undefined): Partial<Record<BookingField, string>> {
  const problems: Partial<Record<BookingField, string>> = {};
  if (!draft.type || !options?.types.some((o) => o.type === draft.type)) problems.type = 'book.chooseType';
  if (!(draft.pin ?? options?.position)) problems.pin = 'book.choosePin';
  const day = options?.days.find((d) => d.date === draft.date);
  const slot = day?.slots.find((s) => s.time === draft.slot);
  if (!slot || slot.left <= 0) problems.slot = 'book.chooseSlot';
  const a = draft.address;
  if (!a || !a.line.trim()) problems.line = 'error.REQUIRED';
  if (!a || !a.city.trim()) problems.city = 'error.REQUIRED';
  if (!a || !PINCODE.test(a.pincode.trim())) problems.pincode = 'error.PINCODE_INVALID';
  if (!a || !a.state.trim()) problems.state = 'error.REQUIRED';
  return problems;
}
