import { DAY_MS, istMidnight } from './time';

/**
 * What a tractor's fields look like, their bounds, and the limits of the tractor API. Constants
 * only, no zod: a web bundle imports them without the schemas (vehicles-api.ts, operator-api.ts).
 */

/** ISO 3779: 17 letters and digits, never I, O or Q (they read as 1 and 0). Stored upper-case. */
export const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/i;
export const IMEI_PATTERN = /^\d{15}$/;
/**
 * A device's id: a Teltonika device's IMEI (15 digits), or the shorter id a phone app or simple
 * tracker sends over OsmAnd / Traccar Client (Traccar Client makes up a 6-digit one).
 */
export const DEVICE_ID_PATTERN = /^[0-9A-Za-z._-]{4,32}$/;
/** The device model for phones and simple trackers over OsmAnd / Traccar Client: their ids need not be IMEIs. */
export const HTTP_DEVICE_MODEL = 'OsmAnd';
/** The Teltonika model the demo fleet, the simulator and the test fixtures fit (the provider's usual one). */
export const DEFAULT_DEVICE_MODEL = 'FMB130';
/** An optional per-device secret for the HTTP protocols (`key`): printable ASCII, no spaces. */
export const DEVICE_KEY_PATTERN = /^[\x21-\x7e]{8,64}$/;
/** Engine numbers as makers stamp them: letters, digits, and / or - between them. */
export const ENGINE_NO_PATTERN = /^[A-Z0-9](?:[A-Z0-9/-]{2,22}[A-Z0-9])$/i;
/** Indian registration marks with or without spaces/hyphens (MH15AB1234, MH 15 AB 1234, 22BH1234AA). */
export const REG_NO_PATTERN = /^[A-Z0-9](?:[A-Z0-9 -]{2,14}[A-Z0-9])$/i;
export const PINCODE_PATTERN = /^[1-9]\d{5}$/;
/** Letters (any script, with their combining marks), spaces, dots, apostrophes, hyphens. */
export const PERSON_NAME_PATTERN = /^[\p{L}\p{M}](?:[\p{L}\p{M} .'-]*[\p{L}\p{M}.])?$/u;
/** The same, or empty: many owners go by one name. */
export const LAST_NAME_PATTERN = /^(?:[\p{L}\p{M}](?:[\p{L}\p{M} .'-]*[\p{L}\p{M}.])?)?$/u;
/**
 * A tractor's own name (spec "my tractor with tractor name edit"): letters and digits of any
 * Indian script, spaces, '.', '-', '_'; no space at either end.
 */
export const VEH_NAME_PATTERN = /^[\p{L}\p{M}\p{N}._-](?:[\p{L}\p{M}\p{N} ._-]*[\p{L}\p{M}\p{N}._-])?$/u;
export const VEH_NAME_MAX = 30;

export const IMPLEMENT_WIDTH_M = { min: 0.5, max: 12 } as const;
export const TANK_CAPACITY_L = { min: 10, max: 400 } as const;
export const SERVICE_INTERVAL_H = { min: 25, max: 2000 } as const;
/** Most tractors in one import call. */
export const IMPORT_MAX = 1000;
/** Longest span of a usage aggregation, days. */
export const AGGREGATION_MAX_DAYS = 400;
/** Longest span of a history query, days. */
export const HISTORY_MAX_DAYS = 92;
/** Most points per chart series, and per route replay. */
export const HISTORY_MAX_POINTS = 500;
export const TRACK_MAX_POINTS = 2000;

/** A service note's longest length (spec §1 service due; issue 12 item 10). */
export const SERVICE_NOTE_MAX = 200;

/** Epoch ms at which a subscription given as `expiresOnInput` ends. */
export function expiresOnMs(value: string | number): number {
  return typeof value === 'number' ? value * 1000 : istMidnight(value) + DAY_MS - 1000;
}
