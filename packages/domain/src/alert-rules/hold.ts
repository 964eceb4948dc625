import type { AlertRulesState } from './types';

/**
 * 'on': the condition holds; 'keep': between the trigger and the clear level (hysteresis band);
 * 'off': cleared, the condition re-arms; 'unknown': the reading does not say (nothing changes).
 */
export type Level = 'on' | 'keep' | 'off' | 'unknown';

/**
 * A sustained condition with hysteresis. Returns true exactly once per episode: when the
 * condition has held for `durationMs` without clearing. In the band a fired condition stays
 * latched, an unfired one restarts (it must hold continuously to alert).
 */
export function sustained(state: AlertRulesState, key: string, level: Level, time: number, durationMs: number): boolean {
  if (level === 'unknown') return false;
  const held = state.held[key];
  if (level === 'off' || (level === 'keep' && !held?.fired)) {
    if (held) delete state.held[key];
    return false;
  }
  if (level === 'keep') return false;
  if (!held) {
    state.held[key] = { since: time, fired: durationMs <= 0 };
    return durationMs <= 0;
  }
  if (held.fired || time - held.since < durationMs) return false;
  held.fired = true;
  return true;
}

/** Trigger above `threshold`, clear below `threshold − band`. */
export function above(value: number | undefined, threshold: number, band: number): Level {
  if (value === undefined) return 'unknown';
  if (value > threshold) return 'on';
  return value < threshold - band ? 'off' : 'keep';
}

/** Trigger below `threshold`, clear above `threshold + band`. */
export function below(value: number | undefined, threshold: number, band: number): Level {
  if (value === undefined) return 'unknown';
  if (value < threshold) return 'on';
  return value > threshold + band ? 'off' : 'keep';
}
