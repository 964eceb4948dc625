import type { VehicleEntry } from '@tractorlink/domain/vehicles-api';
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

export function storedRenewalArray(): string[] {
  const vins = storage.getJson<unknown>('renewalArray');
  return Array.isArray(vins) ? vins.filter((v): v is string => typeof v === 'string') : [];
}
