import type { AlertTypeId } from '@tractorlink/domain/alerts-catalog';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/types';
import type { AlertForDelivery } from './messages';

/** An alert as delivery needs it: its texts' inputs, its owner and the owner's language. */
export interface LoadedAlert extends AlertForDelivery {
  ownerId: string | null;
  ownerLanguage: string;
}

export async function loadAlert(db: Kysely<Database>, alertId: string): Promise<LoadedAlert | undefined> {
  const row = await db
    .selectFrom('alerts')
    .innerJoin('tractors', 'tractors.id', 'alerts.tractor_id')
    .leftJoin('users', 'users.id', 'tractors.owner_user_id')
    .select([
      'alerts.id',
      'alerts.type_id',
      'alerts.time_ms',
      'alerts.value',
      'alerts.threshold',
      'alerts.geofence_name',
      'tractors.vin',
      'tractors.reg_no',
      'tractors.veh_name',
      'tractors.owner_user_id',
      'users.language',
    ])
    .where('alerts.id', '=', alertId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    alertId: row.id,
    typeId: row.type_id as AlertTypeId,
    time: Number(row.time_ms),
    value: row.value === null ? null : Number(row.value),
    threshold: row.threshold === null ? null : Number(row.threshold),
    vin: row.vin,
    regNo: row.reg_no,
    vehName: row.veh_name,
    geofenceName: row.geofence_name,
    ownerId: row.owner_user_id,
    ownerLanguage: row.language ?? 'en',
  };
}

/** The accounts of these mobile numbers (notification receivers who use TractorLink). */
export async function userIdsByMobile(db: Kysely<Database>, mobileNos: readonly string[]): Promise<string[]> {
  if (mobileNos.length === 0) return [];
  const rows = await db.selectFrom('users').select('id').where('mobile_no', 'in', mobileNos).execute();
  return rows.map((r) => r.id);
}

export async function userLanguage(db: Kysely<Database>, userId: string): Promise<string | undefined> {
  return (await db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst())?.language;
}
