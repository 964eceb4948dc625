import type { Reading } from './telemetry';

/** What a tractor is doing, from its latest reading (spec §3 Home-page vehicle data: vehicleStatus). */
export type VehicleStatus = 'moving' | 'running' | 'idle' | 'stopped' | 'unknown';

/** Above this a tractor is moving, below it standing (GPS speed noise is ~1–2 km/h). */
export const MOVING_MIN_KMH = 3;
/** Engine speed above idle: a standing tractor with the engine this fast is working (pump, thresher …). */
export const RUNNING_MIN_RPM = 1000;

/**
 * moving: ignition on and travelling; running: ignition on, standing, doing work (PTO engaged or
 * the engine above idle speed); idle: ignition on, standing, engine at idle; stopped: ignition off;
 * unknown: nothing reported. Without an ignition input, speed alone tells moving from unknown.
 */
export function vehicleStatus(r: Reading | undefined): VehicleStatus {
  if (!r) return 'unknown';
  const moving = (r.speedKmh ?? 0) >= MOVING_MIN_KMH;
  if (r.ignition === false) return 'stopped';
  if (r.ignition === undefined) return moving ? 'moving' : 'unknown';
  if (moving) return 'moving';
  if (r.pto || (r.rpm ?? 0) >= RUNNING_MIN_RPM) return 'running';
  return 'idle';
}

/** Device power modes as the home service names them (spec §4 uses normal_active and sleeptx_standby). */
export type DevicePowerMode = 'normal_active' | 'sleeptx_standby' | 'battery_backup' | 'unknown';

/** Below this external voltage the device runs on its own backup battery (tractor battery cut or removed). */
export const EXTERNAL_POWER_MIN_V = 6;

export function devicePowerMode(r: Reading | undefined): DevicePowerMode {
  if (!r) return 'unknown';
  if (r.externalVoltage !== undefined && r.externalVoltage < EXTERNAL_POWER_MIN_V) return 'battery_backup';
  if (r.ignition === true) return 'normal_active';
  if (r.ignition === false) return 'sleeptx_standby';
  return 'unknown';
}

/** A tractor silent this long is offline (configurable on the server; 30 min by default). */
export const DEFAULT_OFFLINE_AFTER_MS = 30 * 60_000;
/** Silent for more than three months: 'Tractor is not transmitting since last three months' (spec §2, §8). */
export const NOT_TRANSMITTING_AFTER_MS = 90 * 24 * 3600_000;

export type Connectivity = 'online' | 'offline' | 'not_transmitting' | 'never';

export function connectivity(lastSeenMs: number | undefined, nowMs: number, offlineAfterMs = DEFAULT_OFFLINE_AFTER_MS): Connectivity {
  if (lastSeenMs === undefined) return 'never';
  const silent = nowMs - lastSeenMs;
  if (silent > NOT_TRANSMITTING_AFTER_MS) return 'not_transmitting';
  if (silent > offlineAfterMs) return 'offline';
  return 'online';
}

export type TractorPicture = 'animated' | 'static' | 'none';

const ANIMATED_STATUSES = new Set(['moving', 'running', 'idle']);
const ANIMATED_POWER_MODES = new Set(['normal_active', 'sleeptx_standby']);

const present = (s: string | null | undefined): s is string => typeof s === 'string' && s.trim() !== '' && s.trim().toLowerCase() !== 'na';

/**
 * The tractor picture rule of spec §4: moving, running or idle → animated; any other status →
 * static; status 'na' or absent → the last stored status; none stored → power mode normal_active or
 * sleeptx_standby animated, anything else static; an empty vehicle object → no picture.
 */
export function tractorPicture(
  vehicle: { vehicleStatus?: string | null; devicePowerMode?: string | null } | null | undefined,
  lastStoredStatus?: string | null,
): TractorPicture {
  if (!vehicle || Object.keys(vehicle).length === 0) return 'none';
  const status = present(vehicle.vehicleStatus) ? vehicle.vehicleStatus : present(lastStoredStatus) ? lastStoredStatus : undefined;
  if (status !== undefined) return ANIMATED_STATUSES.has(status.trim().toLowerCase()) ? 'animated' : 'static';
  return ANIMATED_POWER_MODES.has((vehicle.devicePowerMode ?? '').trim().toLowerCase()) ? 'animated' : 'static';
}
