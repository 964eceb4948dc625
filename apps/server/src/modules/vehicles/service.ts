import type { Kysely } from 'kysely';
import type { ClaimRequest, VehicleEntry } from '@tractorlink/domain/vehicles-api';
import type { Clock } from '../../clock';
import type { Database } from '../../db/types';
import { AppError } from '../../errors/app-error';
import { findUserById } from '../accounts/repo';
import { claimTractor, findOwnedTractor, findTractorByEngineNo, findTractorByVin, listOwnedTractors, renameTractor } from '../tractors/repo';
import type { TractorRow } from '../tractors/repo';
import { toVehicleEntry } from '../tractors/views';
import { findOwnedWithState } from './repo';
import { startFreePack } from '../subscription/free-pack';
import type { TractorWithState } from './repo';

/**
 * Every VIN-scoped route goes through here: a VIN the caller does not own is NOT_FOUND, exactly
 * like one that does not exist (DESIGN §5), so nobody can learn which VINs are registered.
 */
export async function ownedOrNotFound(db: Kysely<Database>, userId: string, vin: string): Promise<TractorWithState> {
  const found = await findOwnedWithState(db, userId, vin);
  if (!found) throw new AppError('NOT_FOUND');
  return found;
}

/** The owner's list of tractors: adding one (spec §1 "add tractors by VIN or engine number") and renaming. */
export class VehicleService {
  constructor(private readonly deps: { db: Kysely<Database>; clock: Clock; freeDays?: number }) {}

  async list(userId: string): Promise<VehicleEntry[]> {
    const now = this.deps.clock.now();
    return (await listOwnedTractors(this.deps.db, userId)).map((row) => toVehicleEntry(row, now));
  }

  /**
   * Adds a tractor for the signed-in owner. Unknown, and registered to another mobile, answer the
   * same TRACTOR_NOT_FOUND so the answer reveals nothing about other people's tractors; a tractor
   * already added is TRACTOR_ALREADY_ADDED (only its registered owner can get that far).
   */
  async claim(userId: string, body: ClaimRequest): Promise<VehicleEntry> {
    const { db, clock } = this.deps;
    const user = await findUserById(db, userId);
    if (!user) throw new AppError('UNAUTHENTICATED');
    const tractor = body.vin !== undefined ? await findTractorByVin(db, body.vin) : await findTractorByEngineNo(db, body.engineNo ?? '');
    if (!tractor || tractor.mobile_no !== user.mobile_no) throw new AppError('TRACTOR_NOT_FOUND');
    if (tractor.owner_user_id !== null) throw new AppError('TRACTOR_ALREADY_ADDED');
    const now = clock.now();
    // Conditional: of two simultaneous claims only one sets the owner.
    if (!(await claimTractor(db, tractor.id, userId, now))) throw new AppError('TRACTOR_ALREADY_ADDED');
    const started = await startFreePack(db, tractor, this.deps.freeDays ?? 0, now);
    return toVehicleEntry({ ...started, owner_user_id: userId, claimed_at: now }, now);
  }

  async rename(userId: string, vin: string, vehName: string): Promise<VehicleEntry> {
    const tractor: TractorRow | undefined = await findOwnedTractor(this.deps.db, userId, vin);
    if (!tractor) throw new AppError('NOT_FOUND');
    await renameTractor(this.deps.db, tractor.id, vehName);
    return toVehicleEntry({ ...tractor, veh_name: vehName }, this.deps.clock.now());
  }
}
