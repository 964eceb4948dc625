import type { AlertTypeId } from '@tractorlink/domain/alerts';
import type { Reading } from '@tractorlink/domain/telemetry';
import { vehicleStatus } from '@tractorlink/domain/vehicle-state';
import { above, below, type Level, sustained } from './hold';
import type { AlertRulesState, RuleContext } from './types';

/** Below this the engine is cranking or stalled: oil pressure and charging are low by nature. */
const RUNNING_MIN_RPM = 400;
/** Hysteresis bands: a value must come this far back before the alert re-arms. */
const TEMPERATURE_BAND_C = 5;
const RPM_BAND = 100;
const VOLTAGE_BAND_V = 0.4;

/** Engine running: ignition on and, where the device reports it, turning above cranking speed. */
export function engineRunning(r: Reading): boolean | undefined {
  if (r.ignition === undefined) return undefined;
  return r.ignition && (r.rpm === undefined || r.rpm >= RUNNING_MIN_RPM);
}

const round1 = (v: number) => Math.round(v * 10) / 10;

/** A sustained rule: alerts once when `level` has been 'on' for the type's duration. */
function check(state: AlertRulesState, ctx: RuleContext, typeId: AlertTypeId, level: Level, value: number | null) {
  const setting = ctx.profile.setting(typeId);
  const durationMs = (setting.durationS ?? 0) * 1000;
  if (sustained(state, typeId, level, ctx.input.reading.time, durationMs)) ctx.raise(typeId, value, setting.threshold);
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
  const { profile } = ctx;

  const oil: Level = r.oilPressureLow === undefined ? 'unknown' : r.oilPressureLow ? 'on' : 'off';
  check(state, ctx, 'A0001', whileRunning(running, oil), null);

  const maxC = profile.setting('A0003').threshold ?? Infinity;
  check(state, ctx, 'A0003', whileRunning(running, above(r.coolantC, maxC, TEMPERATURE_BAND_C)), r.coolantC === undefined ? null : round1(r.coolantC));

  const minV = profile.setting('A0005').threshold ?? -Infinity;
  check(state, ctx, 'A0005', whileRunning(running, below(r.externalVoltage, minV, VOLTAGE_BAND_V)), r.externalVoltage === undefined ? null : round1(r.externalVoltage));

  const maxRpm = profile.setting('A0007').threshold ?? Infinity;
  check(state, ctx, 'A0007', whileRunning(running, above(r.rpm, maxRpm, RPM_BAND)), r.rpm ?? null);

  // The vacuum switch only reads under load, and a clogged filter stays clogged when the engine
  // stops: it re-arms only when a running engine reads a clean filter.
  let filter: Level;
  if (r.airFilterClogged === undefined) filter = 'unknown';
  else if (running !== true) filter = 'keep';
  else filter = r.airFilterClogged ? 'on' : 'off';
  check(state, ctx, 'A0011', filter, null);

  idling(state, ctx);
}

function idling(state: AlertRulesState, ctx: RuleContext): void {
  const r = ctx.input.reading;
  const setting = ctx.profile.setting('A0009');
  const status = vehicleStatus(r);
  const level: Level = status === 'idle' ? 'on' : status === 'unknown' ? 'unknown' : 'off';
  const minutes = (setting.durationS ?? 0) / 60;
  if (sustained(state, 'A0009', level, r.time, (setting.durationS ?? 0) * 1000)) {
    const since = state.held.A0009?.since ?? r.time;
    ctx.raise('A0009', Math.round((r.time - since) / 60_000), minutes);
  }
}
