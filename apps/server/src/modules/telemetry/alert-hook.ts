import type { EncodedRulesState } from '@tractorlink/domain/alert-rules/codec';
import type { AlertRuleSet } from '@tractorlink/domain/alert-rules/rule-set';
import type { AlertRow } from '@tractorlink/domain/alert-rules/types';
import type { AlertWriter } from './alert-writer';
import type { TractorProfile } from './processor';

/**
 * How ingestion runs the alert rules without knowing them: the rule set of a tractor is made
 * when its processor is loaded, the owner's settings are loaded before each batch's transaction
 * (it runs synchronously on SQLite), the alerts are written by the alerts module inside the
 * batch's transaction, and the delivery side hears of new alerts after the commit. The alerts
 * module implements it (alerts/hook.ts) without importing it; services.ts hands it over.
 */
export interface AlertHook {
  /**
   * A tractor's rule set, resuming `saved` (undefined: the rules have not run on it yet).
   * `processedBefore`: records of it were processed before (without rules), so it has history.
   */
  rulesFor(profile: TractorProfile, saved: EncodedRulesState | undefined, processedBefore: boolean): Promise<AlertRuleSet>;
  /** Loads (or refreshes) what the rules of these tractors read, before the transaction. */
  prepare(tractorIds: readonly string[]): Promise<void>;
  /** Writes the alerts inside ingestion's transaction. */
  writer: AlertWriter;
  /** Called after a commit that wrote alerts (never inside the transaction). */
  committed(alerts: readonly AlertRow[]): void;
}
