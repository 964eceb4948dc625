import { ApiError } from '../../lib/api-error';

export interface SlotChoice {
  date: string;
  slot: string;
}

/**
 * A 409 SLOT_FULL's offer: the next slot with room, or null when none is near. Read by hand (no zod
 * in this chunk); anything not shaped like a slot counts as no offer.
 */
export function nextSlotOf(error: unknown): SlotChoice | null | undefined {
  if (!(error instanceof ApiError) || error.code !== 'SLOT_FULL') return undefined;
  const offer = error.extra.nextSlot as Partial<SlotChoice> | null | undefined;
  return offer && typeof offer.date === 'string' && typeof offer.slot === 'string' ? { date: offer.date, slot: offer.slot } : null;
}
