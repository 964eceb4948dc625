import { MAX_TRACTORS_PER_ORDER } from '@tractorlink/domain/subscription';
import type { VehicleEntry } from '@tractorlink/domain/vehicles-api';
import { needsRenewal, packStateOf } from '../../lib/signed-in/subscription';
import type { TractorRef } from '../../lib/signed-in/tractors';
import { storage } from '../../lib/secure-storage';

/** Spec §3: renewal data copies the vehicle entry, with vehiclename, expiry and tractortype fixed to this. */
const RENEWAL_CONSTANT = 'DiGiSENSE';
/** Spec §9 renewal delays: the scheme is fetched after 1 s, the renewal page opens after 3 s. */
export const SCHEME_DELAY_MS = 1000;
export const RENEWAL_PAGE_DELAY_MS = 3000;

export function storeRenewalData(entry: VehicleEntry): void {
  storage.setJson('renewalData', { ...entry, vehiclename: RENEWAL_CONSTANT, expiry: RENEWAL_CONSTANT, tractortype: RENEWAL_CONSTANT });
}

/** Spec §4 step 4: the tractors the renewal page starts with (VINs). */
export function storeRenewalArray(vins: string[]): void {
  storage.setJson('renewalArray', vins);
}

/** The stored tractors are the flow's hand-over to one visit of the page: a later visit (from the menu) starts afresh. */
export function forgetRenewalArray(): void {
  storage.remove('renewalArray');
}

export function storedRenewalArray(): string[] {
  const vins = storage.getJson<unknown>('renewalArray');
  return Array.isArray(vins) ? vins.filter((v): v is string => typeof v === 'string') : [];
}

/**
 * The tractors the renewal page ticks when the flow stored none (opened from the menu): those whose
 * pack has ended or ends within days, else the selected tractor. At most one order's worth.
 */
export function startingChoice(list: readonly TractorRef[], selected: TractorRef | undefined, now = Date.now()): string[] {
  const due = list.filter((t) => needsRenewal(packStateOf(t, now)?.state)).map((t) => t.vin);
  if (due.length > 0) return due.slice(0, MAX_TRACTORS_PER_ORDER);
  return selected ? [selected.vin] : [];
}
