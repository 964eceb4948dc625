import type { Kysely } from 'kysely';
import type { HomeResponse } from '@tractorlink/domain/auth';
import type { Database } from '../../db/types';
import { AppError } from '../../errors/app-error';
import { findUserById } from '../accounts/repo';
import type { UserRow } from '../accounts/repo';
import { toUserData } from '../accounts/user-data';
import { listTractorsOfOwner } from './repo';

/** The side menu shows once the owner has a name and a birth date (spec §1: "unless the home service says"). */
export const isProfileComplete = (user: UserRow) => user.name.trim() !== '' && user.birth_date !== '';

export class HomeService {
  constructor(private readonly deps: { db: Kysely<Database>; tollFreeNumber: string }) {}

  async get(userId: string): Promise<HomeResponse> {
    const user = await findUserById(this.deps.db, userId);
    if (!user) throw new AppError('UNAUTHENTICATED');
    return {
      showMenu: isProfileComplete(user),
      firstName: toUserData(user).firstName,
      tollFreeNumber: this.deps.tollFreeNumber,
      tractors: await listTractorsOfOwner(this.deps.db, userId),
    };
  }
}
