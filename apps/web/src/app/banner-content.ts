import type { TractorReach } from '../lib/tractor-reach';

/** What the spec §2 banner button says and what its popover shows. */
export type BannerMessage = 'noInternet' | 'outOfReach' | 'notTransmitting';
export interface BannerContent {
  /** 'user offline' when this phone has no network, otherwise 'tractor offline'. */
  label: 'userOffline' | 'tractorOffline';
  messages: BannerMessage[];
}

/**
 * The popover's four variants: the tractor out of reach (with last updated and offline since); no
 * internet; both; or 'not transmitting since last three months' when the error status is stored
 * (or the tractor's data says so).
 */
export function bannerContent(online: boolean, reach: TractorReach | null, errorStatusStored: boolean): BannerContent | null {
  const notTransmitting = errorStatusStored || reach?.notTransmitting === true;
  const outOfReach = reach?.offline === true;
  if (online && !notTransmitting && !outOfReach) return null;
  const messages: BannerMessage[] = [];
  if (!online) messages.push('noInternet');
  if (notTransmitting) messages.push('notTransmitting');
  else if (outOfReach) messages.push('outOfReach');
  return { label: online ? 'tractorOffline' : 'userOffline', messages };
}
