import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';

export interface TractorSummary {
  vin: string;
  regNo: string;
  Veh_Name: string;
}

/** The owner's claimed tractors, in the order they were added. */
export async function listTractorsOfOwner(db: Kysely<Database>, userId: string): Promise<TractorSummary[]> {
  const rows = await db
    .selectFrom('tractors')
    .select(['vin', 'reg_no', 'veh_name'])
    .where('owner_user_id', '=', userId)
    .orderBy('claimed_at')
    .orderBy('vin')
    .execute();
  return rows.map((r) => ({ vin: r.vin, regNo: r.reg_no, Veh_Name: r.veh_name }));
}
