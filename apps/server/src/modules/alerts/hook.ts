import { decodeRulesState, type EncodedRulesState } from '@tractorlink/domain/alert-rules/codec';
import { AlertRuleSet } from '@tractorlink/domain/alert-rules/rule-set';
import type { AlertRow, WatchedGeofence } from '@tractorlink/domain/alert-rules/types';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { totalEngineSeconds } from '../vehicles/repo';
import { alertWriter } from './alert-writer';
import type { AlertProfiles } from './profiles';

/** The active geofences each tractor watches (the geofences module's GeofenceWatch). */
export interface WatchedGeofences {
  /** Loads (or refreshes) the lists of these tractors, before ingestion's transaction. */
  prepare(tractorIds: readonly string[]): Promise<void>;
  forTractor(tractorId: string): readonly WatchedGeofence[];
}

/**
 * The alert rules as ingestion runs them: the telemetry side's AlertHook (telemetry/alert-hook.ts),
 * which services.ts hands over; neither module imports the other.
 */
export interface AlertRulesHook {
  rulesFor(tractor: { id: string }, saved: EncodedRulesState | undefined, processedBefore: boolean): Promise<AlertRuleSet>;
  prepare(tractorIds: readonly string[]): Promise<void>;
  /** Writes the alerts in ingestion's transaction (the one writer of the alerts table). */
  writer: typeof alertWriter;
  committed(alerts: readonly AlertRow[]): void;
}

export function createAlertHook(db: Kysely<Database>, profiles: AlertProfiles, onCommitted: () => void, geofences?: WatchedGeofences): AlertRulesHook {
  return {
    async rulesFor(tractor, saved, processedBefore) {
      // First run on a tractor with history: engine hours so far come from the rollups (a new
      // tractor has none, and a fleet's first batch should not cost a query per tractor).
      const state = saved ? decodeRulesState(saved) : decodeRulesState(undefined, processedBefore ? await totalEngineSeconds(db, tractor.id) : 0);
      return new AlertRuleSet(() => profiles.get(tractor.id), state, geofences ? () => geofences.forTractor(tractor.id) : undefined);
    },
    prepare: async (tractorIds) => {
      await Promise.all([profiles.prepare(tractorIds), geofences?.prepare(tractorIds)]);
    },
    writer: alertWriter,
    committed: () => onCommitted(),
  };
}
