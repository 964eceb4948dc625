import type { AlertTypeId } from '../alerts-catalog';
import { isPlausibleFix } from '../geo';
import { type EncodedRulesState, encodeRulesState } from './codec';
import { engineRules } from './engine-rules';
import { fuelRules } from './fuel-rules';
import { geofenceRule } from './geofence-rule';
import { keyRules, ptoRule } from './key-pto-rules';
import { serviceRule } from './service-rule';
import { towingRule } from './towing-rule';
import type { AlertProfile, AlertRulesState, RaisedAlert, RuleContext, RuleInput, WatchedGeofence } from './types';

const NO_GEOFENCES: readonly WatchedGeofence[] = [];

/**
 * Every telemetry rule of one tractor. `observe` runs per processed reading (strictly in time
 * order, fresh records only: a resent or late record never reaches it), and appends what it
 * raises. A disabled type still tracks its condition, so turning it on does not fire on the past.
 */
export class AlertRuleSet {
  /** One context, refilled per reading: this runs for every record, so it allocates nothing. */
  private readonly ctx: RuleContext & { out: RaisedAlert[] };

  constructor(
    /** The owner's settings, read at each reading (they change when the owner edits them). */
    private readonly profile: () => AlertProfile,
    readonly state: AlertRulesState,
    /** The active geofences the tractor is assigned to, read at each reading (they change when the owner edits them). */
    private readonly geofences: () => readonly WatchedGeofence[] = () => NO_GEOFENCES,
  ) {
    const ctx = {
      profile: undefined as unknown as AlertProfile,
      input: undefined as unknown as RuleInput,
      geofences: NO_GEOFENCES,
      out: [] as RaisedAlert[],
      raise(typeId: AlertTypeId, value: number | null, threshold: number | null, geofence?: WatchedGeofence, at?: number) {
        const time = at ?? ctx.input.reading.time;
        const setting = ctx.profile.setting(typeId);
        if (!setting.enabled) return;
        const fix = ctx.input.fix && isPlausibleFix(ctx.input.fix) ? ctx.input.fix : undefined;
        const alert: RaisedAlert = { typeId, time, lat: fix?.lat ?? null, lon: fix?.lon ?? null, value, threshold, configBy: setting.configBy };
        if (geofence) {
          alert.geofenceId = geofence.id;
          alert.geofenceName = geofence.name;
        }
        ctx.out.push(alert);
      },
    };
    this.ctx = ctx;
  }

  /** The state in its stored form (see codec.ts). */
  encode(): EncodedRulesState {
    return encodeRulesState(this.state);
  }

  observe(input: RuleInput, out: RaisedAlert[]): void {
    const ctx = this.ctx;
    ctx.profile = this.profile();
    ctx.input = input;
    ctx.geofences = this.geofences();
    ctx.out = out;
    const s = this.state;
    engineRules(s, ctx);
    keyRules(s, ctx);
    ptoRule(s, ctx);
    fuelRules(s, ctx);
    towingRule(s, ctx);
    serviceRule(s, ctx);
    geofenceRule(s, ctx);
  }
}
