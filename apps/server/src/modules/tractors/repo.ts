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
  /** Subscription end, epoch ms. */
  expiresOn: number;
  isNewTractor?: boolean;
  deviceKey?: string;
}

/** Identifiers are stored upper-case so lookups need no case folding. */
export const normaliseId = (value: string) => value.trim().toUpperCase();

export async function insertTractor(db: Kysely<Database>, input: ProvisionInput, now: number): Promise<TractorRow> {
  const row = {
    id: randomUUID(),
    imei: input.imei,
    vin: normaliseId(input.vin),
    engine_no: normaliseId(input.engineNo),
    reg_no: normaliseId(input.regNo),
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
    is_new_tractor: input.isNewTractor === false ? 0 : 1,
    device_key: input.deviceKey ?? null,
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

export function findTractorByVin(db: Kysely<Database>, vin: string): Promise<TractorRow | undefined> {
  return db.selectFrom('tractors').selectAll().where('vin', '=', normaliseId(vin)).executeTakeFirst();
}

export function findTractorByEngineNo(db: Kysely<Database>, engineNo: string): Promise<TractorRow | undefined> {
  return db.selectFrom('tractors').selectAll().where('engine_no', '=', normaliseId(engineNo)).executeTakeFirst();
}

/** Which of a new tractor's unique identifiers are already provisioned. */
export async function takenIdentifiers(db: Kysely<Database>, ids: { imei: string; vin: string; engineNo: string }): Promise<('imei' | 'vin' | 'engineNo')[]> {
  const vin = normaliseId(ids.vin);
  const engineNo = normaliseId(ids.engineNo);
  const rows = await db
    .selectFrom('tractors')
    .select(['imei', 'vin', 'engine_no'])
    .where((eb) => eb.or([eb('imei', '=', ids.imei), eb('vin', '=', vin), eb('engine_no', '=', engineNo)]))
    .execute();
  const taken: ('imei' | 'vin' | 'engineNo')[] = [];
  if (rows.some((r) => r.imei === ids.imei)) taken.push('imei');
  if (rows.some((r) => r.vin === vin)) taken.push('vin');
  if (rows.some((r) => r.engine_no === engineNo)) taken.push('engineNo');
  return taken;
}

/** The tractor with this VIN if `userId` owns it; anything else (unknown, another owner's) is undefined. */
export function findOwnedTractor(db: Kysely<Database>, userId: string, vin: string): Promise<TractorRow | undefined> {
  return db.selectFrom('tractors').selectAll().where('vin', '=', normaliseId(vin)).where('owner_user_id', '=', userId).executeTakeFirst();
}

export function listOwnedTractors(db: Kysely<Database>, userId: string): Promise<TractorRow[]> {
  return db.selectFrom('tractors').selectAll().where('owner_user_id', '=', userId).orderBy('claimed_at').orderBy('vin').execute();
}

/** Sets the owner only if nobody has claimed it meanwhile; false when someone else was first. */
export async function claimTractor(db: Kysely<Database>, tractorId: string, userId: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('tractors')
    .set({ owner_user_id: userId, claimed_at: now })
    .where('id', '=', tractorId)
    .where('owner_user_id', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function renameTractor(db: Kysely<Database>, tractorId: string, vehName: string): Promise<void> {
  await db.updateTable('tractors').set({ veh_name: vehName }).where('id', '=', tractorId).execute();
}

/** The tractor models in the registry, for vehiclesmodelconfig. */
export async function distinctModels(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('tractors').select('model').distinct().orderBy('model').execute();
  return rows.map((r) => r.model);
}
