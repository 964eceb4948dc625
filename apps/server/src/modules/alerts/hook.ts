import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import type { AlertHook } from '../telemetry/alert-hook';
import { totalEngineSeconds } from '../vehicles/repo';
import type { AlertProfiles } from './profiles';
import { AlertRuleSet } from './rules/rule-set';
import { emptyRulesState } from './rules/types';

/** The alert rules as ingestion runs them (see telemetry/alert-hook.ts). */
export function createAlertHook(db: Kysely<Database>, profiles: AlertProfiles, onCommitted: () => void): AlertHook {
  return {
    async rulesFor(profile, saved) {
      // First run on a tractor with history: engine hours so far come from the rollups.
      const state = saved ?? emptyRulesState(await totalEngineSeconds(db, profile.id));
      state.held ??= {};
      return new AlertRuleSet(() => profiles.get(profile.id), state);
    },
    prepare: (tractorIds) => profiles.prepare(tractorIds),
    committed: () => onCommitted(),
  };
}
