import { randomUUID } from 'node:crypto';
import type { ServiceRecord, ServiceRecordRequest } from '@tractorlink/domain/vehicles-api';
import { istDate } from '@tractorlink/domain/time';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Database } from '../../db/types';
import { AppError } from '../../errors/app-error';
import { findTractorByVin } from '../tractors/repo';
import { ownedOrNotFound } from './service';

/** The newest services first, as the service screen lists them. */
export async function serviceHistory(db: Kysely<Database>, tractorId: string, limit = 20): Promise<ServiceRecord[]> {
  const rows = await db
    .selectFrom('service_records')
    .selectAll()
    .where('tractor_id', '=', tractorId)
    .orderBy('done_on', 'desc')
    .orderBy('engine_h', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ doneOn: r.done_on, engineHours: r.engine_h, note: r.note, recordedBy: r.recorded_by }));
}

/** Engine hours may read a little ahead of the app's figure (the workshop's hour meter, rounding). */
const HOURS_TOLERANCE = 1;

/**
 * The tractor's service book (issue 12 item 10): a service done is recorded by the owner or the
 * provider's workshop, and the due schedule restarts from the highest engine hours recorded.
 */
export class ServiceBook {
  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      clock: Clock;
      /** The tractor's engine hours now (what the app shows). */
      engineHours: (tractorId: string) => Promise<number>;
      /** Told after a record, so the alert rules read the new due point. */
      onRecorded?: (tractorId: string) => void;
    },
  ) {}

  /** The owner records a service of one of their tractors (NOT_FOUND for any other). */
  async recordForOwner(userId: string, vin: string, input: ServiceRecordRequest): Promise<ServiceRecord> {
    const t = await ownedOrNotFound(this.deps.db, userId, vin);
    return this.record(t.tractor.id, input, 'owner');
  }

  /** The provider's workshop records a service of any provisioned tractor. */
  async recordForVin(vin: string, input: ServiceRecordRequest): Promise<{ vin: string; record: ServiceRecord; history: ServiceRecord[] }> {
    const tractor = await findTractorByVin(this.deps.db, vin);
    if (!tractor) throw new AppError('NOT_FOUND');
    const record = await this.record(tractor.id, input, 'operator');
    return { vin: tractor.vin, record, history: await serviceHistory(this.deps.db, tractor.id) };
  }

  /** A service, checked: not dated ahead of today, not at hours the engine has not run. */
  async record(tractorId: string, input: ServiceRecordRequest, by: 'owner' | 'operator'): Promise<ServiceRecord> {
    const { clock } = this.deps;
    const details = [];
    if (input.doneOn > istDate(clock.now())) details.push({ path: 'doneOn', code: 'SERVICE_DATE_FUTURE' });
    if (input.engineHours > (await this.deps.engineHours(tractorId)) + HOURS_TOLERANCE) details.push({ path: 'engineHours', code: 'SERVICE_HOURS_AHEAD' });
    if (details.length > 0) throw new AppError('VALIDATION_FAILED', { details });
    return this.store(tractorId, input, by);
  }

  /**
   * Writes a service without checking it against today and the engine hours now: for history the
   * workshop already knows to be right (the demo fleet's past services, before its records arrive).
   */
  async store(tractorId: string, input: Pick<ServiceRecordRequest, 'doneOn' | 'engineHours' | 'note'>, by: 'owner' | 'operator'): Promise<ServiceRecord> {
    const { db, clock } = this.deps;
    const note = input.note?.trim() || null;
    const engineHours = Math.round(input.engineHours * 10) / 10;
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('service_records')
        .values({ id: randomUUID(), tractor_id: tractorId, done_on: input.doneOn, engine_h: engineHours, note, recorded_by: by, created_at: clock.now() })
        .execute();
      // The due schedule's anchor: the highest hours of any record (an older service entered late does not move it back).
      const top = await trx
        .selectFrom('service_records')
        .select((eb) => eb.fn.max('engine_h').as('h'))
        .where('tractor_id', '=', tractorId)
        .executeTakeFirst();
      await trx
        .updateTable('tractors')
        .set({ last_service_engine_h: Number(top?.h ?? engineHours) })
        .where('id', '=', tractorId)
        .execute();
    });
    this.deps.onRecorded?.(tractorId);
    return { doneOn: input.doneOn, engineHours, note, recordedBy: by };
  }
}
