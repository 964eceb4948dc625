import { subscriptionState, type SubscriptionState } from '@tractorlink/domain/subscription';
import { istDate } from '@tractorlink/domain/time';
import { paths } from '../../config/paths';
import { storage } from '../secure-storage';
import type { TractorRef } from './tractors';

/**
 * Where a tractor's pack stands (spec §4: valid, expiring in N days, expired or free), for the
 * screens that prompt a renewal: home (the renewal dialog), the usage and history tabs and My
 * tractor (pack-expired prompts). Undefined when the end is not known (old cached data).
 */
export function packStateOf(tractor: TractorRef | undefined, now = Date.now()): { state: SubscriptionState; daysLeft: number } | undefined {
  if (tractor?.expiresOn === undefined) return undefined;
  return subscriptionState(tractor.expiresOn * 1000, tractor.subscriptionPack ?? null, now);
}

export const needsRenewal = (state: SubscriptionState | undefined) => state === 'expiring' || state === 'expired';

/** The link that starts a renewal for one tractor (spec §4 renewal step 1). */
export const renewalHref = (vin: string) => `${paths.customVehicle.getHref()}?vin=${encodeURIComponent(vin)}`;

/**
 * The renewal dialog shows at most once a day per tractor (issue 13 item 6), remembered under the
 * spec's key setmaprenewal as { vin: 'YYYY-MM-DD' of the last showing }.
 */
const SHOWN_KEY = 'setmaprenewal';

export function renewalDialogDue(vin: string, now = Date.now()): boolean {
  const shown = storage.getJson<Record<string, string>>(SHOWN_KEY) ?? {};
  return shown[vin] !== istDate(now);
}

export function markRenewalDialogShown(vin: string, now = Date.now()): void {
  const shown = storage.getJson<Record<string, string>>(SHOWN_KEY) ?? {};
  storage.setJson(SHOWN_KEY, { ...shown, [vin]: istDate(now) });
}

/** Rupees as Indian bills show them, Latin digits in every language: ₹2,358.82. */
export function formatRupees(paise: number, lang: string): string {
  return new Intl.NumberFormat(`${lang}-IN-u-nu-latn`, { style: 'currency', currency: 'INR', minimumFractionDigits: 2 }).format(paise / 100);
}
