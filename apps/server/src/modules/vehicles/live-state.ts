import { isPlausibleFix } from '@tractorlink/domain/geo';
import type { Reading } from '@tractorlink/domain/telemetry';
import { connectivity } from '@tractorlink/domain/vehicle-state';
import type { Connectivity, VehicleStatus } from '@tractorlink/domain/vehicle-state';
import type { ProcessorState } from '../telemetry/processor';
import type { TractorWithState } from './repo';

/** What the saved processing state says about a tractor now. */
export interface LiveState {
  last: Reading | undefined;
  fix: { lat: number; lon: number; time: number } | undefined;
  /** Smoothed diesel, L. */
  fuelL: number | undefined;
  /** The tank input has read above 0 (the diesel tracker's `wired`); an unwired one reads 0 forever. */
  hasFuelSensor: boolean;
  lastStatus: VehicleStatus | undefined;
  lastSeenAt: number | undefined;
  version: number | undefined;
  connectivity: Connectivity;
}

export function liveState(t: TractorWithState, now: number, offlineAfterMs: number): LiveState {
  const s = t.state;
  const processor = s ? (JSON.parse(s.processor) as Partial<ProcessorState>) : {};
  const saved = s?.lastFix ? (JSON.parse(s.lastFix) as { lat: number; lon: number; time: number }) : processor.lastFix;
  // A 0,0 from a source that sent it for "no fix" is no place (the Gulf of Guinea), not a position.
  const fix = saved && isPlausibleFix(saved) ? saved : undefined;
  return {
    last: s ? (JSON.parse(s.lastReading) as Reading) : undefined,
    fix,
    fuelL: processor.fuelL,
    hasFuelSensor: processor.diesel?.wired === true || processor.fuelL !== undefined,
    lastStatus: processor.lastStatus,
    lastSeenAt: s?.lastSeenAt,
    version: s?.version,
    connectivity: connectivity(s?.lastSeenAt, now, offlineAfterMs),
  };
}

export const toSeconds = (ms: number) => Math.floor(ms / 1000);
export const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
