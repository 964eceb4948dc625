import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';

export interface TractorSummary {
  vin: string;
  regNo: string;
  Veh_Name: string;
  expiresOn: number;
  subscriptionPack: 'free' | 'month' | 'year' | null;
}

/** The owner's claimed tractors, in the order they were added. */
export async function listTractorsOfOwner(db: Kysely<Database>, userId: string): Promise<TractorSummary[]> {
  const rows = await db
    .selectFrom('tractors')
    .select(['vin', 'reg_no', 'veh_name', 'expires_on', 'subscription_pack'])
    .where('owner_user_id', '=', userId)
    .orderBy('claimed_at')
    .orderBy('vin')
    .execute();
  return rows.map((r) => ({
    vin: r.vin,
    regNo: r.reg_no,
    Veh_Name: r.veh_name,
    expiresOn: Math.floor(Number(r.expires_on) / 1000),
    subscriptionPack: (r.subscription_pack ?? null) as TractorSummary['subscriptionPack'],
  }));
}
