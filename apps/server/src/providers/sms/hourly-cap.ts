import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Database } from '../../db/types';
import { SmsSendError } from './sms-provider';
import type { SmsProvider } from './sms-provider';

const HOUR_MS = 3600_000;

/**
 * Which part of the hour's cap a message may use. 'all': alert SMS and codes asked from a browser
 * bound to the account. 'open': codes asked by anyone else, who may use nine tenths of it, so a
 * flood of strangers' requests cannot stop alerts or an owner resetting the PIN on own phone.
 */
export type SmsShare = 'all' | 'open';

/** The hour's cap is used up; nothing was sent. */
export class SmsCapReached extends SmsSendError {
  constructor(readonly retryAfterSeconds: number) {
    super('hourly SMS cap reached');
    this.name = 'SmsCapReached';
  }
}

/**
 * The global hourly SMS cap (SMS_HOURLY_CAP, cost control): every SMS the server sends (OTP and
 * alerts, all numbers) goes through here. A slot is taken before sending, by a conditional
 * increment of the hour's count in the database, so parallel sends on any number of instances
 * never pass the cap; a send that fails gives its slot back.
 */
export class HourlyCappedSms implements SmsProvider {
  readonly name: SmsProvider['name'];
  private warnedHour = -1;

  constructor(
    private readonly inner: SmsProvider,
    private readonly deps: { db: Kysely<Database>; clock: Clock; log: FastifyBaseLogger; cap: number },
  ) {
    this.name = inner.name;
  }

  /** Sends within `share` of this hour's cap; throws SmsCapReached past it, SmsSendError if the gateway fails. */
  async send(toMobile10Digits: string, text: string, share: SmsShare = 'all'): Promise<void> {
    const { db, clock, log, cap } = this.deps;
    const now = clock.now();
    const hour = Math.floor(now / HOUR_MS) * HOUR_MS;
    const limit = share === 'all' ? cap : cap - Math.floor(cap / 10);
    if (!(await takeHourSlot(db, hour, limit))) {
      // Once per hour and instance: a flood must not flood the log too. Never the number or text.
      if (this.warnedHour !== hour) log.warn({ cap, share }, 'SMS refused: hourly cap reached');
      this.warnedHour = hour;
      throw new SmsCapReached(Math.max(1, Math.ceil((hour + HOUR_MS - now) / 1000)));
    }
    try {
      await this.inner.send(toMobile10Digits, text);
    } catch (err) {
      await giveBackHourSlot(db, hour);
      throw err;
    }
  }
}

async function takeHourSlot(db: Kysely<Database>, hourStart: number, limit: number): Promise<boolean> {
  const created = await db
    .insertInto('sms_hourly')
    .values({ hour_start: hourStart, sent: 0 })
    .onConflict((oc) => oc.column('hour_start').doNothing())
    .executeTakeFirst();
  // A new hour: the earlier ones no longer count; keep the table to a few rows.
  if ((created.numInsertedOrUpdatedRows ?? 0n) === 1n)
    await db
      .deleteFrom('sms_hourly')
      .where('hour_start', '<', hourStart - HOUR_MS)
      .execute();
  const result = await db
    .updateTable('sms_hourly')
    .set((eb) => ({ sent: eb('sent', '+', 1) }))
    .where('hour_start', '=', hourStart)
    .where('sent', '<', limit)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

async function giveBackHourSlot(db: Kysely<Database>, hourStart: number): Promise<void> {
  await db
    .updateTable('sms_hourly')
    .set((eb) => ({ sent: eb('sent', '-', 1) }))
    .where('hour_start', '=', hourStart)
    .where('sent', '>', 0)
    .execute();
}
