import type { AlertTypeId } from '@tractorlink/domain/alerts';
import { isPlausibleFix } from '@tractorlink/domain/geo';
import { engineRules } from './engine-rules';
import { fuelRules } from './fuel-rules';
import { keyRules, ptoRule } from './key-pto-rules';
import { serviceRule } from './service-rule';
import { towingRule } from './towing-rule';
import type { AlertProfile, AlertRulesState, RaisedAlert, RuleContext, RuleInput } from './types';

/**
 * Every telemetry rule of one tractor. `observe` runs per processed reading (strictly in time
 * order, fresh records only: a resent or late record never reaches it), and appends what it
 * raises. A disabled type still tracks its condition, so turning it on does not fire on the past.
 */
export class AlertRuleSet {
  constructor(
    /** The owner's settings, read at each reading (they change when the owner edits them). */
    private readonly profile: () => AlertProfile,
    readonly state: AlertRulesState,
  ) {}

  observe(input: RuleInput, out: RaisedAlert[]): void {
    const profile = this.profile();
    const ctx: RuleContext = {
      profile,
      input,
      raise(typeId: AlertTypeId, value: number | null, threshold: number | null) {
        const setting = profile.setting(typeId);
        if (!setting.enabled) return;
        const fix = input.fix && isPlausibleFix(input.fix) ? input.fix : undefined;
        out.push({ typeId, time: input.reading.time, lat: fix?.lat ?? null, lon: fix?.lon ?? null, value, threshold, configBy: setting.configBy });
      },
    };
    const s = this.state;
    engineRules(s, ctx);
    keyRules(s, ctx);
    ptoRule(s, ctx);
    fuelRules(s, ctx);
    towingRule(s, ctx);
    serviceRule(s, ctx);
  }
}
