import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database, TractorsTable } from '../../db/types';

export type TractorRow = Selectable<TractorsTable>;

/** What the provider records when a device is fitted to a tractor (issue 3 §1, spec §3 Vehicle entry). */
export interface ProvisionInput {
  imei: string;
  vin: string;
  engineNo: string;
  regNo: string;
  model: string;
  deviceModel: string;
  vehName?: string;
  implementWidthM: number;
  tankCapacityL: number;
  serviceIntervalH: number;
  firstName: string;
  lastName: string;
  mobileNo: string;
  address: string;
  city: string;
  pincode: string;
  state: string;
  expiresOn: number;
}

export async function insertTractor(db: Kysely<Database>, input: ProvisionInput, now: number): Promise<TractorRow> {
  const row = {
    id: randomUUID(),
    imei: input.imei,
    vin: input.vin.toUpperCase(),
    engine_no: input.engineNo.toUpperCase(),
    reg_no: input.regNo.toUpperCase(),
    model: input.model,
    device_model: input.deviceModel,
    veh_name: input.vehName ?? input.model,
    implement_width_m: input.implementWidthM,
    tank_capacity_l: input.tankCapacityL,
    service_interval_h: input.serviceIntervalH,
    first_name: input.firstName,
    last_name: input.lastName,
    mobile_no_cc: '+91',
    mobile_no: input.mobileNo,
    address: input.address,
    city: input.city,
    pincode: input.pincode,
    state: input.state,
    country: 'India',
    expires_on: input.expiresOn,
    owner_user_id: null,
    claimed_at: null,
    created_at: now,
  };
  await db.insertInto('tractors').values(row).execute();
  return db.selectFrom('tractors').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
}

export function findTractorByImei(db: Kysely<Database>, imei: string): Promise<TractorRow | undefined> {
  return db.selectFrom('tractors').selectAll().where('imei', '=', imei).executeTakeFirst();
}
