import { useSyncExternalStore } from 'react';
import { connectivity } from '@tractorlink/domain/vehicle-state';
import { storage } from './secure-storage';
import { onSessionEnd } from './session';
import { createStore } from './store';

/**
 * Whether the selected tractor can be reached (spec §2 banners), from its last home data. The banner
 * sits above the signed-in shell, so it reads this small store rather than the query cache.
 */
export interface TractorReach {
  name: string;
  offline: boolean;
  notTransmitting: boolean;
  /** Epoch s. */
  lastUpdated: number | null;
  offlineSince: number | null;
}

const reach = createStore<TractorReach | null>(null);
onSessionEnd(() => reach.set(null));

/** The stored error status of spec §2/§3: set while the selected tractor has been silent three months. */
export const ERROR_STATUS_KEY = 'errorStatus';
const NOT_TRANSMITTING = 'notTransmitting';

export function setTractorReach(value: TractorReach | null): void {
  const prev = reach.get();
  if (prev && value && JSON.stringify(prev) === JSON.stringify(value)) return;
  reach.set(value);
  const stored = storage.get(ERROR_STATUS_KEY) === NOT_TRANSMITTING;
  if (value?.notTransmitting && !stored) storage.set(ERROR_STATUS_KEY, NOT_TRANSMITTING);
  else if (value && !value.notTransmitting && stored) storage.remove(ERROR_STATUS_KEY);
}

export function useTractorReach(): TractorReach | null {
  return useSyncExternalStore(reach.subscribe, reach.get);
}

export function hasStoredErrorStatus(): boolean {
  return storage.get(ERROR_STATUS_KEY) === NOT_TRANSMITTING;
}

/**
 * Spec §2/§8 'not transmitting since last three months': the server's flag, or a newest reading
 * (device time) older than three months by the domain's connectivity rule. A device that uploads an
 * old backlog has still sent nothing new in three months.
 */
export function isNotTransmitting(tractor: { notTransmitting: boolean; lastUpdated: number | null }, nowMs = Date.now()): boolean {
  return tractor.notTransmitting || (tractor.lastUpdated !== null && connectivity(tractor.lastUpdated * 1000, nowMs) === 'not_transmitting');
}
