import { randomUUID } from 'node:crypto';
import { RECEIVERS_MAX, type Receiver, type ReceiverChannel, type ReceiverRequest } from '@tractorlink/domain/receivers-api';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Database } from '../../db/types';
import { AppError } from '../../errors/app-error';
import { deleteReceiver, findOwnReceiver, insertReceiver, listReceivers, ownerLanguage, type ReceiverRow, updateReceiver } from './repo';
import { DEFAULT_LANGUAGE, isLanguageCode } from '@tractorlink/domain/languages';
import { lockOwner } from '../../db/serialise';

const toReceiver = (r: ReceiverRow): Receiver => ({
  id: r.id,
  name: r.name,
  phone: r.phone,
  channel: r.channel as ReceiverChannel,
  language: isLanguageCode(r.language) ? r.language : DEFAULT_LANGUAGE,
});

/**
 * Alert receivers (spec §3 Alert receiver): people an owner's alerts also go to, by SMS or as a
 * notification on their own devices (if they use TractorLink with that mobile). Per owner, at
 * most RECEIVERS_MAX, each number at most once per channel. Another owner's receiver is 404.
 */
export class ReceiverService {
  constructor(private readonly deps: { db: Kysely<Database>; clock: Clock }) {}

  async list(userId: string): Promise<Receiver[]> {
    return (await listReceivers(this.deps.db, userId)).map(toReceiver);
  }

  async create(userId: string, body: ReceiverRequest): Promise<Receiver> {
    const { db, clock } = this.deps;
    const now = clock.now();
    // Unless chosen, they read what the owner reads.
    const language = body.language ?? (await ownerLanguage(db, userId));
    const row: ReceiverRow = {
      id: randomUUID(),
      user_id: userId,
      name: body.name,
      phone: body.phone,
      channel: body.channel,
      language,
      created_at: now,
      updated_at: now,
    };
    try {
      await db.transaction().execute(async (tx) => {
        // Under the owner's lock: parallel creates (on any instance) count one after another, so the cap holds.
        await lockOwner(tx, userId);
        const existing = await listReceivers(tx, userId);
        if (existing.some((r) => r.phone === body.phone && r.channel === body.channel)) throw new AppError('RECEIVER_EXISTS');
        if (existing.length >= RECEIVERS_MAX) throw new AppError('RECEIVER_LIMIT');
        await insertReceiver(tx, row);
      });
    } catch (err) {
      if (err instanceof AppError) throw err;
      // An edit to the same number at once: the unique key keeps one.
      if ((await listReceivers(db, userId)).some((r) => r.phone === body.phone && r.channel === body.channel)) throw new AppError('RECEIVER_EXISTS');
      throw err;
    }
    return toReceiver(row);
  }

  async update(userId: string, id: string, body: ReceiverRequest): Promise<Receiver> {
    const { db, clock } = this.deps;
    const current = await findOwnReceiver(db, userId, id);
    if (!current) throw new AppError('NOT_FOUND');
    const others = (await listReceivers(db, userId)).filter((r) => r.id !== id);
    if (others.some((r) => r.phone === body.phone && r.channel === body.channel)) throw new AppError('RECEIVER_EXISTS');
    const values = { name: body.name, phone: body.phone, channel: body.channel, language: body.language ?? current.language, updated_at: clock.now() };
    await updateReceiver(db, id, values);
    return toReceiver({ ...current, ...values });
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!(await deleteReceiver(this.deps.db, userId, id))) throw new AppError('NOT_FOUND');
  }
}
