import type { Level } from './hold';
import { sustained } from './hold';
import type { AlertRulesState, RuleContext } from './types';

/**
 * Key rules, per ignition session: the engine started with no key in (A0105), or the key taken
 * out while the ignition stays on (A0107). A key input that has never read "present" is taken as
 * not wired (it reads 0 forever) and raises nothing.
 */
export function keyRules(state: AlertRulesState, ctx: RuleContext): void {
  const r = ctx.input.reading;
  if (r.ignition === undefined) return;
  if (!r.ignition) {
    state.keySeen = false;
    sustained(state, 'A0105', 'off', r.time, 0);
    sustained(state, 'A0107', 'off', r.time, 0);
    return;
  }
  if (r.keyPresent === true) {
    state.keyWired = true;
    state.keySeen = true;
  }
  const absent = r.keyPresent === false && state.keyWired === true;
  const startLevel: Level = r.keyPresent === undefined ? 'unknown' : absent && !state.keySeen ? 'on' : 'off';
  const removedLevel: Level = r.keyPresent === undefined ? 'unknown' : absent && state.keySeen ? 'on' : 'off';
  const L = ctx.profile.limits;
  if ((startLevel === 'on' || state.held.A0105) && sustained(state, 'A0105', startLevel, r.time, L.keyStartMs)) ctx.raise('A0105', null, null);
  if ((removedLevel === 'on' || state.held.A0107) && sustained(state, 'A0107', removedLevel, r.time, L.keyRemovedMs)) ctx.raise('A0107', null, null);
}

/**
 * PTO engaged / disengaged as work sessions, not every switch: engaged once the PTO has been on
 * for A0013's duration, disengaged once it (or the engine) has been off for A0014's duration. A
 * headland turn lifts the implement for seconds and raises nothing.
 */
export function ptoRule(state: AlertRulesState, ctx: RuleContext): void {
  const r = ctx.input.reading;
  const on = r.ignition === false ? false : r.pto;
  if (on === undefined) return;
  const pto = (state.pto ??= { session: false });
  if (on) {
    pto.offSince = undefined;
    if (pto.session) return;
    pto.onSince ??= r.time;
    if (r.time - pto.onSince >= ctx.profile.limits.ptoOnMs) {
      pto.session = true;
      pto.sessionStart = pto.onSince;
      pto.onSince = undefined;
      ctx.raise('A0013', null, null);
    }
    return;
  }
  pto.onSince = undefined;
  if (!pto.session) return;
  pto.offSince ??= r.time;
  if (r.time - pto.offSince >= ctx.profile.limits.ptoOffMs) {
    pto.session = false;
    // How long the PTO worked in the session, minutes.
    const worked = Math.round((pto.offSince - (pto.sessionStart ?? pto.offSince)) / 60_000);
    pto.offSince = undefined;
    pto.sessionStart = undefined;
    ctx.raise('A0014', worked, null);
  }
}
