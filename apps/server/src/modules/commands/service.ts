import { randomUUID } from 'node:crypto';
import type { DeviceCommand } from '@tractorlink/domain/operator-api';
import type { Kysely, Selectable } from 'kysely';
import type { Clock } from '../../clock';
import type { Database, DeviceCommandsTable, Engine } from '../../db/types';
import type { Wakeups } from '../../db/wakeups';
import { AppError } from '../../errors/app-error';
import { findTractorByVin } from '../tractors/repo';

const toCommand = (r: Selectable<DeviceCommandsTable>): DeviceCommand => ({
  id: r.id,
  command: r.command,
  status: r.status,
  createdAt: Math.floor(Number(r.created_at) / 1000),
  sentAt: r.sent_at === null ? null : Math.floor(Number(r.sent_at) / 1000),
  answeredAt: r.answered_at === null ? null : Math.floor(Number(r.answered_at) / 1000),
  reply: r.reply,
});

/** Commands waiting at most this many per tractor: a device that never connects must not fill the table. */
export const QUEUED_MAX = 20;

/** The tractors with a command queued or sent and unanswered: a seek in the index by status (migration 024), whatever the history. */
export const waitingTractors = (db: Kysely<Database>) =>
  db.selectFrom('device_commands').select('tractor_id').distinct().where('status', 'in', ['queued', 'sent']);

/** How long the list of tractors with commands is trusted without a wake-up: a wake-up lost between instances delays a command this much at most. */
export const PENDING_TTL_MS = 10_000;

/**
 * Commands for a device (Codec 12): the operator queues one; the device server sends it the next
 * time the device is connected (after an acknowledged frame) and stores the device's reply. One
 * command at a time per device: a device answers in order, and the reply is matched to the oldest
 * command sent and not answered. Taking a command to send is one conditional update, so two
 * server instances never send the same one.
 *
 * Which tractors have a command queued or awaiting its reply is kept in memory, and only those are
 * looked up after a frame: asking the database after every acknowledged frame was two round trips a
 * frame on PostgreSQL, the socket thread's largest cost with 9,700 devices, for commands that come
 * a few a day. The list is read again when any instance queues one (wake-up `tl_commands`) and at
 * least every PENDING_TTL_MS.
 */
export class DeviceCommands {
  /** Tractor → the local change that put it there (0: read from the database). */
  private pending = new Map<string, number>();
  private changes = 0;
  private loadedAt = Number.NEGATIVE_INFINITY;
  private forgottenAt = Number.NEGATIVE_INFINITY;
  private loading: Promise<void> | undefined;

  constructor(private readonly deps: { db: Kysely<Database>; clock: Clock; engine: Engine; wakeups?: Wakeups }) {}

  /** Some instance queued a command: the list is read again before the next take. */
  forget(): void {
    this.forgottenAt = performance.now();
  }

  private changed(tractorId: string): void {
    this.pending.set(tractorId, ++this.changes);
    this.deps.wakeups?.notify('tl_commands');
  }

  /** The tractors with a command queued or sent, as last read plus this instance's changes since. */
  private async current(): Promise<Map<string, number>> {
    if (this.loadedAt > this.forgottenAt && performance.now() - this.loadedAt < PENDING_TTL_MS) return this.pending;
    this.loading ??= this.load().finally(() => {
      this.loading = undefined;
    });
    await this.loading;
    return this.pending;
  }

  private async load(): Promise<void> {
    const startedAt = performance.now();
    const from = this.changes;
    const rows = await waitingTractors(this.deps.db).execute();
    const next = new Map(rows.map((r) => [r.tractor_id, 0]));
    // Queued here while the read was under way: kept, whatever the read saw.
    for (const [id, change] of this.pending) if (change > from) next.set(id, change);
    this.pending = next;
    this.loadedAt = startedAt;
  }

  private async tractorId(vin: string): Promise<string> {
    const row = await findTractorByVin(this.deps.db, vin);
    if (!row) throw new AppError('NOT_FOUND');
    return row.id;
  }

  async queue(vin: string, command: string): Promise<DeviceCommand> {
    const { db, clock, engine } = this.deps;
    const tractorId = await this.tractorId(vin);
    const queued = await db.transaction().execute(async (trx) => {
      // One queue change per tractor at a time: PostgreSQL locks the tractor's row (SQLite runs
      // one transaction at a time anyway), so parallel requests cannot pass the cap.
      if (engine === 'postgres') await trx.selectFrom('tractors').select('id').where('id', '=', tractorId).forUpdate().execute();
      const waiting = await trx
        .selectFrom('device_commands')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('tractor_id', '=', tractorId)
        .where('status', '=', 'queued')
        .executeTakeFirst();
      if (Number(waiting?.n ?? 0) >= QUEUED_MAX) throw new AppError('VALIDATION_FAILED', { details: [{ path: 'command', code: 'TOO_MANY_QUEUED' }] });
      // Strictly after the tractor's last command, so two queued in one millisecond keep their order.
      const last = await trx
        .selectFrom('device_commands')
        .select((eb) => eb.fn.max('created_at').as('t'))
        .where('tractor_id', '=', tractorId)
        .executeTakeFirst();
      const row = {
        id: randomUUID(),
        tractor_id: tractorId,
        command,
        status: 'queued' as const,
        created_at: Math.max(clock.now(), Number(last?.t ?? 0) + 1),
        sent_at: null,
        answered_at: null,
        reply: null,
      };
      await trx.insertInto('device_commands').values(row).execute();
      return toCommand(row);
    });
    this.changed(tractorId);
    return queued;
  }

  async list(vin: string): Promise<DeviceCommand[]> {
    const tractorId = await this.tractorId(vin);
    const rows = await this.deps.db
      .selectFrom('device_commands')
      .selectAll()
      .where('tractor_id', '=', tractorId)
      .orderBy('created_at', 'desc')
      .limit(50)
      .execute();
    return rows.map(toCommand);
  }

  /** The next command to send to a connected device, taken (marked sent) so no other connection sends it; none while one awaits its reply. */
  async take(tractorId: string): Promise<{ id: string; command: string } | undefined> {
    const { db, clock } = this.deps;
    const change = (await this.current()).get(tractorId);
    if (change === undefined) return undefined;
    const awaiting = await db.selectFrom('device_commands').select('id').where('tractor_id', '=', tractorId).where('status', '=', 'sent').executeTakeFirst();
    if (awaiting) return undefined;
    const next = await db
      .selectFrom('device_commands')
      .select(['id', 'command'])
      .where('tractor_id', '=', tractorId)
      .where('status', '=', 'queued')
      .orderBy('created_at')
      .executeTakeFirst();
    if (!next) {
      // Nothing left for it, unless one was queued here meanwhile.
      if (this.pending.get(tractorId) === change) this.pending.delete(tractorId);
      return undefined;
    }
    const taken = await db
      .updateTable('device_commands')
      .set({ status: 'sent', sent_at: clock.now() })
      .where('id', '=', next.id)
      .where('status', '=', 'queued')
      .executeTakeFirst();
    return taken.numUpdatedRows === 1n ? next : undefined;
  }

  /** The device's reply: it answers the oldest command sent and not yet answered. */
  async answered(tractorId: string, reply: string): Promise<void> {
    const { db, clock } = this.deps;
    const sent = await db
      .selectFrom('device_commands')
      .select('id')
      .where('tractor_id', '=', tractorId)
      .where('status', '=', 'sent')
      .orderBy('sent_at')
      .executeTakeFirst();
    if (!sent) return;
    await db
      .updateTable('device_commands')
      .set({ status: 'answered', answered_at: clock.now(), reply: reply.slice(0, 2000) })
      .where('id', '=', sent.id)
      .where('status', '=', 'sent')
      .execute();
  }

  /** A command sent on a connection that closed before the reply goes back to the queue. */
  async unanswered(commandId: string): Promise<void> {
    const requeued = await this.deps.db
      .updateTable('device_commands')
      .set({ status: 'queued', sent_at: null })
      .where('id', '=', commandId)
      .where('status', '=', 'sent')
      .returning('tractor_id')
      .executeTakeFirst();
    if (requeued) this.changed(requeued.tractor_id);
  }
}
