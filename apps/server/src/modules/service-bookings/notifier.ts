import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { isLanguageCode, type LanguageCode } from '@tractorlink/domain/languages';
import { type BookingStatus, SMS_STATUSES } from '@tractorlink/domain/service-booking';
import type { Clock } from '../../clock';
import type { Database } from '../../db/types';
import type { PushSender } from '../../providers/push/push-sender';
import type { SmsProvider } from '../../providers/sms/sms-provider';
import { deleteSubscription, subscriptionsOf } from '../push/repo';
import { claimEvent, unsentEvents } from './repo';
import { bookingTexts, type NotifiedStatus } from './texts';

/** Events looked at per run; the rest wait for the next (every few seconds). */
const BATCH = 200;
/** A booking step stops mattering after a day: the push service may drop it then. */
const TTL_S = 24 * 3600;

export interface BookingNotifierDeps {
  db: Kysely<Database>;
  clock: Clock;
  sms: SmsProvider;
  push: PushSender;
  log: FastifyBaseLogger;
}

type EventToSend = Awaited<ReturnType<typeof unsentEvents>>[number];

/**
 * Tells the owner of each step the dealer takes (issue 15 item 3): a Web Push always, and an SMS for
 * SMS_STATUSES, in the owner's language. Steps are written by whichever process moved the booking
 * (the API, `npm run admin`, the demo dealer); each is claimed (notified_at set only if unset)
 * before anything is sent, so with several instances on one database each goes out once.
 */
export class BookingNotifier {
  constructor(private readonly deps: BookingNotifierDeps) {}

  async deliverDue(): Promise<number> {
    const { db, clock } = this.deps;
    let sent = 0;
    for (const event of await unsentEvents(db, BATCH)) {
      if (!(await claimEvent(db, event.booking_id, event.seq, clock.now()))) continue;
      if (event.status === 'requested') continue;
      await this.send(event);
      sent++;
    }
    return sent;
  }

  private async send(event: EventToSend): Promise<void> {
    const { db, sms, push, log } = this.deps;
    const status = event.status as NotifiedStatus;
    const language: LanguageCode = isLanguageCode(event.language) ? event.language : 'en';
    const texts = bookingTexts(status, language, {
      ref: event.reference_id,
      tractor: event.veh_name || event.reg_no || event.vin,
      date: event.date,
      slot: event.slot,
      dealer: event.dealer_name,
      dealerPhone: event.dealer_phone,
      technician: event.technician_name ?? '',
      phone: event.technician_phone ?? '',
      reason: event.reason ?? '',
    });
    if (texts.sms !== null && SMS_STATUSES.includes(status as BookingStatus)) {
      try {
        await sms.send(event.mobile_no, texts.sms);
      } catch (err) {
        // Logged by ids only; the push below still goes.
        log.warn({ err, bookingId: event.booking_id, status }, 'booking SMS not sent');
      }
    }
    const payload = JSON.stringify({
      type: 'booking',
      bookingId: event.booking_id,
      status,
      title: texts.title,
      body: texts.body,
      url: `/#/booking-status?bookingId=${event.booking_id}`,
    });
    for (const subscription of await subscriptionsOf(db, [event.user_id])) {
      const outcome = await push.send({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, payload, {
        ttlSeconds: TTL_S,
        urgency: status === 'on_the_way' ? 'high' : 'normal',
      });
      if (outcome.kind === 'gone') await deleteSubscription(db, subscription.id);
      else if (outcome.kind !== 'sent') log.warn({ bookingId: event.booking_id, outcome: outcome.kind }, 'booking push not delivered');
    }
  }
}
