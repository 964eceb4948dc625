import type { AlertConfigChange, AlertConfigResponse } from '@tractorlink/domain/alerts-api';
import { ALERT_TYPES, type AlertTypeId } from '@tractorlink/domain/alerts-catalog';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Database } from '../../db/types';
import { AppError } from '../../errors/app-error';
import { findOwnedTractor } from '../tractors/repo';
import { type AlertProfiles, resolveSetting } from './profiles';

/**
 * Alert configuration per tractor (spec §7 vehicles/alertconfig…): enable or disable each type
 * and set its threshold and duration within the catalogue's safe bounds (checked by the request
 * schema). A changed type is marked 'user'; the rules see the change from the next batch on.
 */
export class AlertConfigService {
  constructor(private readonly deps: { db: Kysely<Database>; clock: Clock; profiles: AlertProfiles }) {}

  private async owned(userId: string, vin: string) {
    const tractor = await findOwnedTractor(this.deps.db, userId, vin);
    if (!tractor) throw new AppError('NOT_FOUND');
    return tractor;
  }

  private async read(tractorId: string, vin: string): Promise<AlertConfigResponse> {
    const rows = await this.deps.db.selectFrom('alert_configs').selectAll().where('tractor_id', '=', tractorId).execute();
    const byType = new Map(rows.map((r) => [r.type_id, r]));
    return {
      vin,
      data: ALERT_TYPES.map((a) => {
        const s = resolveSetting(a.id, byType.get(a.id));
        return { alertTypeId: a.id, enabled: s.enabled, thresholdValue: s.threshold, durationSeconds: s.durationS, alertConfigBy: s.configBy };
      }),
    };
  }

  async get(userId: string, vin: string): Promise<AlertConfigResponse> {
    const tractor = await this.owned(userId, vin);
    return this.read(tractor.id, tractor.vin);
  }

  /** Applies the changes (omitted settings keep their value) in one transaction; answers every type. */
  async update(userId: string, vin: string, changes: readonly AlertConfigChange[]): Promise<AlertConfigResponse> {
    const tractor = await this.owned(userId, vin);
    const { db, clock, profiles } = this.deps;
    const now = clock.now();
    await db.transaction().execute(async (tx) => {
      const rows = await tx.selectFrom('alert_configs').selectAll().where('tractor_id', '=', tractor.id).execute();
      const byType = new Map(rows.map((r) => [r.type_id, r]));
      for (const change of changes) {
        const typeId = change.alertTypeId as AlertTypeId;
        const current = resolveSetting(typeId, byType.get(typeId));
        const values = {
          enabled: (change.enabled ?? current.enabled) ? 1 : 0,
          threshold: current.threshold === null ? null : (change.thresholdValue ?? current.threshold),
          duration_s: current.durationS === null ? null : (change.durationSeconds ?? current.durationS),
          updated_by: userId,
          updated_at: now,
        };
        await tx
          .insertInto('alert_configs')
          .values({ tractor_id: tractor.id, type_id: typeId, ...values })
          .onConflict((oc) => oc.columns(['tractor_id', 'type_id']).doUpdateSet(values))
          .execute();
      }
    });
    profiles.invalidate(tractor.id);
    return this.read(tractor.id, tractor.vin);
  }
}
