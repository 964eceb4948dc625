import type { AlertTypeId } from '../alerts-catalog';
import type { Reading } from '../telemetry';
import { vehicleStatus } from '../vehicle-state';
import { above, below, type Level, sustained } from './hold';
import type { AlertRulesState, RuleContext } from './types';

/** Below this the engine is cranking or stalled: oil pressure and charging are low by nature. */
const RUNNING_MIN_RPM = 400;
/** Hysteresis bands: a value must come this far back before the alert re-arms. */
const TEMPERATURE_BAND_C = 5;
const RPM_BAND = 100;
const VOLTAGE_BAND_V = 0.4;

const ENGINE_KEYS = ['A0001', 'A0003', 'A0005', 'A0007', 'A0011', 'A0009'] as const;
const hasEngineCondition = (state: AlertRulesState) => ENGINE_KEYS.some((k) => state.held[k] !== undefined);

/** Engine running: ignition on and, where the device reports it, turning above cranking speed. */
export function engineRunning(r: Reading): boolean | undefined {
  if (r.ignition === undefined) return undefined;
  return r.ignition && (r.rpm === undefined || r.rpm >= RUNNING_MIN_RPM);
}

const round1 = (v: number) => Math.round(v * 10) / 10;

/** A sustained rule: alerts once when `level` has been 'on' for `durationMs`. */
function check(
  state: AlertRulesState,
  ctx: RuleContext,
  typeId: AlertTypeId,
  level: Level,
  durationMs: number,
  value: number | null,
  threshold: number | null,
) {
  // The common case, nothing held and nothing to start.
  if (level !== 'on' && state.held[typeId] === undefined) return;
  if (sustained(state, typeId, level, ctx.input.reading.time, durationMs)) ctx.raise(typeId, value, threshold);
}

/** Whenever the engine does not run, a running-only condition clears. */
const whileRunning = (running: boolean | undefined, level: Level): Level => (running === false ? 'off' : running === undefined ? 'unknown' : level);

/**
 * Engine health: low oil pressure, high coolant temperature, battery not charging (external
 * voltage low while the alternator should charge), high RPM and a clogged air filter, each
 * sustained; excessive idling (standing, PTO off, engine at idle) for the owner's time.
 */
export function engineRules(state: AlertRulesState, ctx: RuleContext): void {
  const r = ctx.input.reading;
  const running = engineRunning(r);
  // Engine not running and no condition held: nothing can start, nothing to clear.
  if (running !== true && !hasEngineCondition(state)) return;
  const L = ctx.profile.limits;

  const oil: Level = r.oilPressureLow === undefined ? 'unknown' : r.oilPressureLow ? 'on' : 'off';
  check(state, ctx, 'A0001', whileRunning(running, oil), L.oilMs, null, null);
  const c = r.coolantC;
  check(state, ctx, 'A0003', whileRunning(running, above(c, L.tempC, TEMPERATURE_BAND_C)), L.tempMs, c === undefined ? null : round1(c), L.tempC);
  const v = r.externalVoltage;
  check(state, ctx, 'A0005', whileRunning(running, below(v, L.batteryV, VOLTAGE_BAND_V)), L.batteryMs, v === undefined ? null : round1(v), L.batteryV);
  check(state, ctx, 'A0007', whileRunning(running, above(r.rpm, L.rpm, RPM_BAND)), L.rpmMs, r.rpm ?? null, L.rpm);

  // The vacuum switch only reads under load, and a clogged filter stays clogged when the engine
  // stops: it re-arms only when a running engine reads a clean filter.
  let filter: Level;
  if (r.airFilterClogged === undefined) filter = 'unknown';
  else if (running !== true) filter = 'keep';
  else filter = r.airFilterClogged ? 'on' : 'off';
  check(state, ctx, 'A0011', filter, L.filterMs, null, null);

  const status = vehicleStatus(r);
  const idle: Level = status === 'idle' ? 'on' : status === 'unknown' ? 'unknown' : 'off';
  if (idle !== 'on' && state.held.A0009 === undefined) return;
  if (sustained(state, 'A0009', idle, r.time, L.idleMs)) {
    const since = state.held.A0009?.since ?? r.time;
    ctx.raise('A0009', Math.round((r.time - since) / 60_000), L.idleMs / 60_000);
  }
}
