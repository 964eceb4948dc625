import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';

export interface TractorSummary {
  vin: string;
  regNo: string;
  Veh_Name: string;
}

/** The owner's tractors. Tractors arrive with the telemetry issue; until then an owner has none. */
export async function listTractorsOfOwner(_db: Kysely<Database>, _userId: string): Promise<TractorSummary[]> {
  return [];
}
