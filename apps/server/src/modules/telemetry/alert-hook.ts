import type { AlertRuleSet } from '../alerts/rules/rule-set';
import type { EncodedRulesState } from '../alerts/rules/codec';
import type { TractorProfile } from './processor';
import type { AlertRow } from './rows';

/**
 * How ingestion runs the alert rules without knowing them: the rule set of a tractor is made
 * when its processor is loaded, the owner's settings are loaded before each batch's transaction
 * (it runs synchronously on SQLite), and the delivery side hears of new alerts after the commit.
 */
export interface AlertHook {
  /**
   * A tractor's rule set, resuming `saved` (undefined: the rules have not run on it yet).
   * `processedBefore`: records of it were processed before (without rules), so it has history.
   */
  rulesFor(profile: TractorProfile, saved: EncodedRulesState | undefined, processedBefore: boolean): Promise<AlertRuleSet>;
  /** Loads (or refreshes) what the rules of these tractors read, before the transaction. */
  prepare(tractorIds: readonly string[]): Promise<void>;
  /** Called after a commit that wrote alerts (never inside the transaction). */
  committed(alerts: readonly AlertRow[]): void;
}
