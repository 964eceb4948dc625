import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import type { GeofenceWatch } from '../geofences/watch';
import type { AlertHook } from '../telemetry/alert-hook';
import { totalEngineSeconds } from '../vehicles/repo';
import type { AlertProfiles } from './profiles';
import { AlertRuleSet } from './rules/rule-set';
import { decodeRulesState } from './rules/codec';

/** The alert rules as ingestion runs them (see telemetry/alert-hook.ts). */
export function createAlertHook(db: Kysely<Database>, profiles: AlertProfiles, onCommitted: () => void, geofences?: GeofenceWatch): AlertHook {
  return {
    async rulesFor(profile, saved, processedBefore) {
      // First run on a tractor with history: engine hours so far come from the rollups (a new
      // tractor has none, and a fleet's first batch should not cost a query per tractor).
      const state = saved ? decodeRulesState(saved) : decodeRulesState(undefined, processedBefore ? await totalEngineSeconds(db, profile.id) : 0);
      return new AlertRuleSet(() => profiles.get(profile.id), state, geofences ? () => geofences.forTractor(profile.id) : undefined);
    },
    prepare: async (tractorIds) => {
      await Promise.all([profiles.prepare(tractorIds), geofences?.prepare(tractorIds)]);
    },
    committed: () => onCommitted(),
  };
}
