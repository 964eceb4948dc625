import type { AlertBound } from '@tractorlink/domain/alerts-catalog';

/**
 * The configuration screen's inputs against the catalogue's bounds: the same bounds the server
 * checks (domain alertConfigRequest), so an owner hears "out of range" before anything is sent.
 * Durations are shown in minutes when the catalogue counts them in whole minutes, else in seconds.
 */
export type DurationUnit = 's' | 'min';

export function durationUnit(bound: AlertBound): DurationUnit {
  return bound.min % 60 === 0 && bound.step % 60 === 0 && bound.default % 60 === 0 ? 'min' : 's';
}

/** A bound in the unit the owner types (minutes or seconds for durations). */
export function shownBound(bound: AlertBound, unit: DurationUnit | null): AlertBound {
  if (unit !== 'min') return bound;
  return { default: bound.default / 60, min: bound.min / 60, max: bound.max / 60, step: bound.step / 60 };
}

export type CheckCode = 'REQUIRED' | 'TYPE_INVALID' | 'THRESHOLD_OUT_OF_RANGE' | 'DURATION_OUT_OF_RANGE';
export type Checked = { ok: true; value: number } | { ok: false; code: CheckCode };

/**
 * What the owner typed, checked against a bound: a number (a decimal comma is read as a point),
 * within [min, max]. `unit` 'min' turns minutes into the seconds the API takes.
 */
export function checkSetting(raw: string, bound: AlertBound, kind: 'threshold' | 'duration', unit: DurationUnit | null = null): Checked {
  const text = raw.trim().replace(',', '.');
  if (text === '') return { ok: false, code: 'REQUIRED' };
  if (!/^-?\d+(\.\d+)?$/.test(text)) return { ok: false, code: 'TYPE_INVALID' };
  const shown = Number(text);
  const limits = shownBound(bound, unit);
  if (shown < limits.min || shown > limits.max) return { ok: false, code: kind === 'threshold' ? 'THRESHOLD_OUT_OF_RANGE' : 'DURATION_OUT_OF_RANGE' };
  const value = unit === 'min' ? Math.round(shown * 60) : shown;
  // The API takes whole seconds.
  if (kind === 'duration' && !Number.isInteger(value)) return { ok: false, code: 'TYPE_INVALID' };
  return { ok: true, value };
}

/** A stored value as the owner sees it in the input. */
export function shownValue(value: number | null, unit: DurationUnit | null): string {
  if (value === null) return '';
  return String(unit === 'min' ? Math.round((value / 60) * 100) / 100 : value);
}
