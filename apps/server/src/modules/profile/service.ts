import { randomBytes } from 'node:crypto';
import type { Kysely, Updateable } from 'kysely';
import type { z } from 'zod';
import { PROFILE_IMAGE_MAX_BYTES } from '@tractorlink/domain/patterns';
import type { profileUpdateRequest, UserData } from '@tractorlink/domain/auth';
import type { Clock } from '../../clock';
import type { Database, UsersTable } from '../../db/types';
import { AppError } from '../../errors/app-error';
import { findUserById } from '../accounts/repo';
import { toUserData } from '../accounts/user-data';
import { detectImageType, IMAGE_NAME_PATTERN } from './image-type';
import * as repo from './repo';

export const MAX_IMAGE_BYTES = PROFILE_IMAGE_MAX_BYTES;

export class ProfileService {
  constructor(private readonly deps: { db: Kysely<Database>; clock: Clock }) {}

  async get(userId: string): Promise<UserData> {
    const user = await findUserById(this.deps.db, userId);
    if (!user) throw new AppError('UNAUTHENTICATED');
    return toUserData(user);
  }

  async update(userId: string, patch: z.infer<typeof profileUpdateRequest>): Promise<UserData> {
    const changes: Updateable<UsersTable> = { updated_at: this.deps.clock.now() };
    if (patch.language !== undefined) changes.language = patch.language;
    if (patch.name !== undefined) changes.name = patch.name;
    if (patch.email !== undefined) changes.email = patch.email; // null clears it
    await repo.updateUser(this.deps.db, userId, changes);
    return this.get(userId);
  }

  /** Stores a jpeg or png (checked by content) as the owner's picture; the caller bounds the size. */
  async setImage(userId: string, bytes: Buffer): Promise<UserData> {
    const { db, clock } = this.deps;
    const type = detectImageType(bytes);
    if (!type) throw new AppError('VALIDATION_FAILED', { details: [{ path: 'image', code: 'IMAGE_TYPE' }] });
    if (bytes.length > MAX_IMAGE_BYTES) throw new AppError('PAYLOAD_TOO_LARGE');
    const name = `${randomBytes(16).toString('hex')}.${type.extension}`;
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      await repo.insertImage(trx, { name, userId, contentType: type.contentType, data: bytes, createdAt: now });
      await repo.updateUser(trx, userId, { image_name: name, updated_at: now });
      await repo.deleteOtherImages(trx, userId, name);
    });
    return this.get(userId);
  }

  async getImage(userId: string, name: string): Promise<{ contentType: string; data: Buffer }> {
    if (!IMAGE_NAME_PATTERN.test(name)) throw new AppError('NOT_FOUND');
    const image = await repo.findOwnImage(this.deps.db, userId, name);
    if (!image) throw new AppError('NOT_FOUND');
    return { contentType: image.content_type, data: image.data };
  }
}
