import type { BillLink, CreateBillLinkRequest, CreatedBillLink, CreatedLiveLink, CreateLiveLinkRequest, LiveLink } from '@tractorlink/domain/hire-api';
import { LINK_DURATION_S, OPEN_LINKS_PER_OWNER_MAX } from '@tractorlink/domain/hire/rules';
import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock';
import { randomToken, sha256 } from '../../crypto/secrets';
import { lockOwner } from '../../db/serialise';
import { AppError } from '../../errors/app-error';
import { findOwnedTractor, listOwnedTractors } from '../tractors/repo';
import { countOpenLinks, type Db, insertLink, listLinks, ownedCustomer, ownedJob, ownedLink, ownerLanguage, revokeLink } from './repo';
import { billLinkView, liveLinkView } from './views';

/** Ended live links stay in the owner's list this long. */
const LIVE_LIST_DAYS_MS = 7 * 24 * 3600_000;

/** A fresh token (32 random bytes, base64url) and the hash that is all the server keeps of it. */
export function newToken(): { token: string; hash: string } {
  const token = randomToken(32);
  return { token, hash: sha256(token) };
}

/**
 * The owner's shared links (issue 17): a customer's (or one job's) bill, and one tractor's live
 * position. Tokens are shown once; links are revocable and may expire.
 */
export class HireLinks {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  async createBill(userId: string, body: CreateBillLinkRequest): Promise<CreatedBillLink> {
    const { db, clock } = this.deps;
    const customer = await ownedCustomer(db, userId, body.customerId);
    if (!customer) throw new AppError('NOT_FOUND');
    if (body.jobId !== undefined) {
      const job = await ownedJob(db, userId, body.jobId);
      if (!job || job.customer_id !== customer.id) throw new AppError('NOT_FOUND');
    }
    const now = clock.now();
    const { token, hash } = newToken();
    const row = {
      id: randomUUID(),
      user_id: userId,
      kind: 'bill',
      token_hash: hash,
      customer_id: customer.id,
      job_id: body.jobId ?? null,
      tractor_id: null,
      include_track: 0,
      language: customer.language,
      created_at: now,
      expires_at: body.expiresIn === 'never' ? null : now + LINK_DURATION_S[body.expiresIn] * 1000,
      revoked_at: null,
    };
    await this.insertCapped(userId, row);
    return { ...billLinkView(row, now), token, path: `/bill.html#${token}` };
  }

  /** Stores a link unless the owner has the most open ones allowed: counted under the owner's lock, so parallel creates cannot all pass. */
  private async insertCapped(userId: string, row: Parameters<typeof insertLink>[1]): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      await lockOwner(trx, userId);
      if ((await countOpenLinks(trx, userId, row.created_at)) >= OPEN_LINKS_PER_OWNER_MAX) throw new AppError('LINK_LIMIT');
      await insertLink(trx, row);
    });
  }

  async bills(userId: string, customerId: string | undefined): Promise<BillLink[]> {
    // Another owner's customer is 404 like an unknown one (docs/hire-api.md), not an empty list.
    if (customerId !== undefined && !(await ownedCustomer(this.deps.db, userId, customerId))) throw new AppError('NOT_FOUND');
    const now = this.deps.clock.now();
    return (await listLinks(this.deps.db, userId, 'bill', { customerId })).map((r) => billLinkView(r, now));
  }

  async revokeBill(userId: string, linkId: string): Promise<void> {
    if (!(await ownedLink(this.deps.db, userId, 'bill', linkId))) throw new AppError('NOT_FOUND');
    await revokeLink(this.deps.db, linkId, this.deps.clock.now());
  }

  async createLive(userId: string, body: CreateLiveLinkRequest): Promise<CreatedLiveLink> {
    const { db, clock } = this.deps;
    const tractor = await findOwnedTractor(db, userId, body.vin);
    if (!tractor) throw new AppError('NOT_FOUND');
    const now = clock.now();
    const { token, hash } = newToken();
    const row = {
      id: randomUUID(),
      user_id: userId,
      kind: 'live',
      token_hash: hash,
      customer_id: null,
      job_id: null,
      tractor_id: tractor.id,
      include_track: body.includeTrack ? 1 : 0,
      language: body.language ?? (await ownerLanguage(db, userId)),
      created_at: now,
      expires_at: now + LINK_DURATION_S[body.duration] * 1000,
      revoked_at: null,
    };
    await this.insertCapped(userId, row);
    return { ...liveLinkView(row, tractor, now), token, path: `/live.html#${token}` };
  }

  async lives(userId: string, vin: string | undefined): Promise<LiveLink[]> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const tractors = await listOwnedTractors(db, userId);
    let tractorId: string | undefined;
    if (vin !== undefined) {
      tractorId = (await findOwnedTractor(db, userId, vin))?.id;
      if (!tractorId) throw new AppError('NOT_FOUND');
    }
    const byId = new Map(tractors.map((t) => [t.id, t]));
    const rows = await listLinks(db, userId, 'live', { tractorId, endedAfter: now - LIVE_LIST_DAYS_MS });
    // A tractor no longer the owner's takes its links off the list (they answer 404 too).
    return rows.flatMap((r) => {
      const tractor = byId.get(r.tractor_id as string);
      return tractor ? [liveLinkView(r, tractor, now)] : [];
    });
  }

  async revokeLive(userId: string, linkId: string): Promise<void> {
    if (!(await ownedLink(this.deps.db, userId, 'live', linkId))) throw new AppError('NOT_FOUND');
    await revokeLink(this.deps.db, linkId, this.deps.clock.now());
  }
}
