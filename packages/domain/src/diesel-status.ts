/** Diesel states of spec §4 "Other states": low (refill), normal or full. */
export type DieselStatus = 'low' | 'normal' | 'full';

/** Below this share of the tank the owner is told to refill. */
export const DIESEL_LOW_PERCENT = 15;
/** At or above this share the tank reads full (a float sensor rarely reports 100 %). */
export const DIESEL_FULL_PERCENT = 90;

export function dieselStatus(percent: number): DieselStatus {
  if (percent < DIESEL_LOW_PERCENT) return 'low';
  if (percent >= DIESEL_FULL_PERCENT) return 'full';
  return 'normal';
}

/** An engine-off hour (less than this much running) should burn nothing. */
const ENGINE_OFF_MAX_S = 5 * 60;

/**
 * A fall of the level in an hour the engine barely ran and nothing was poured in: siphoning or a
 * leak, shown as a drop on the diesel chart. At least 5 L or 5 % of the tank, whichever is more, so
 * sensor noise is not one; refuel hours are left out (their level settles unevenly).
 */
export function isFuelDrop(hour: { engineS: number; fuelNetChangeL: number; fuelRefuelL: number }, tankCapacityL: number): boolean {
  return hour.engineS < ENGINE_OFF_MAX_S && hour.fuelRefuelL === 0 && -hour.fuelNetChangeL >= Math.max(5, tankCapacityL * 0.05);
}

/** Why a tractor shows no diesel level: it has no sensor, it has not reported yet, or the sensor has not read yet. */
export type DieselUnknown = 'noSensor' | 'waiting' | 'noReading';

export function dieselUnknown(t: { hasFuelSensor?: boolean | null; lastUpdated: number | null }): DieselUnknown {
  if (t.lastUpdated === null) return 'waiting';
  return t.hasFuelSensor === false ? 'noSensor' : 'noReading';
}
