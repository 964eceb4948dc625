import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../../clock';
import type { Database } from '../../../db/types';
import type { Wakeups } from '../../../db/wakeups';
import { mainWriteTurn } from '../../../db/write-turns';
import type { PushSender } from '../../../providers/push/push-sender';
import type { SmsProvider } from '../../../providers/sms/sms-provider';
import { subscriptionsOf } from '../../push/repo';
import { listReceivers } from '../../receivers/repo';
import { claimDue, type DeliveryKind, type EntryOutcome, expand, finishAll, nextDueAt, type OutboxRow, retryLater } from './outbox';
import { deliverAlertPush } from './push-channel';
import { loadAlert, userIdsByMobile } from './repo';
import { deliverAlertSms } from './sms-channel';

/** Entries taken per round; their pushes go out in parallel. */
const BATCH = 32;
/** A claimed entry is left alone this long by other instances (longer than any send). */
const LOCK_MS = 60_000;
/** Retries of a push or SMS before giving up: 30 s, 1, 2, 4 … minutes, at most an hour apart (~2 h in all). */
const MAX_ATTEMPTS = 8;
const backoffMs = (attempts: number) => Math.min(3600_000, 30_000 * 2 ** (attempts - 1));
/** An alert older than this when its delivery starts (a device emptying a long backlog) is kept, not sent. */
export const DELIVERY_MAX_AGE_MS = 6 * 3600_000;
/** Even with nothing due, look again this often (another instance may have queued work). */
const IDLE_POLL_MS = 30_000;

export interface AlertDeliveryDeps {
  db: Kysely<Database>;
  clock: Clock;
  log: FastifyBaseLogger;
  push: PushSender;
  sms: SmsProvider;
  /** Alert SMS per owner per IST day. */
  smsDailyCap: number;
  /** Wake-ups from every instance (an alert committed anywhere): listened to while started. */
  wakeups?: Wakeups;
}

/** What became of an entry: done with (removed at the end of the round), or left for a retry. */
type Handled = 'done' | 'kept';

/**
 * Delivers alerts from the outbox, apart from ingestion: a new alert's 'fanout' entry becomes one
 * 'push' entry per browser (the owner's, and those of notification receivers who use TractorLink
 * with that mobile) and one 'sms' entry per SMS receiver; each is sent by its channel (push-channel.ts,
 * sms-channel.ts) and retried here on its own.
 * Started, it wakes when ingestion commits alerts (and on timers for retries); tests call drain().
 */
export class AlertDelivery {
  private started = false;
  private running: Promise<void> | undefined;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private unlisten: (() => Promise<void>) | undefined;

  constructor(private readonly deps: AlertDeliveryDeps) {}

  start(): void {
    this.started = true;
    this.unlisten ??= this.deps.wakeups?.listen('tl_outbox', () => this.wake());
    this.wake();
  }

  async stop(): Promise<void> {
    this.started = false;
    clearTimeout(this.timer);
    const unlisten = this.unlisten;
    this.unlisten = undefined;
    await unlisten?.();
    await this.running;
  }

  /** Something was queued: deliver now (no-op unless started). */
  wake(): void {
    if (!this.started) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.loop().finally(() => {
      this.running = undefined;
      if (this.again) this.wake();
    });
  }

  private async loop(): Promise<void> {
    try {
      do {
        this.again = false;
        while ((await this.runOnce()) > 0 && this.started);
      } while (this.again && this.started);
      if (!this.started) return;
      const next = await nextDueAt(this.deps.db);
      const wait = next === undefined ? IDLE_POLL_MS : Math.min(IDLE_POLL_MS, Math.max(0, next - this.deps.clock.now()));
      this.timer = setTimeout(() => this.wake(), wait);
      this.timer.unref();
    } catch (err) {
      this.deps.log.error({ err }, 'alert delivery round failed');
      this.timer = setTimeout(() => this.wake(), IDLE_POLL_MS);
      this.timer.unref();
    }
  }

  /**
   * One round: claims what is due now, handles it, and removes the entries done with: each send
   * at once, the fan-outs in one statement (on SQLite each write is an fsync). Returns how many
   * entries it took.
   */
  async runOnce(): Promise<number> {
    const { db, clock } = this.deps;
    // Its writes wait their turn beside the ingestion writer without holding the thread (write-turns.ts).
    const claimed = await mainWriteTurn(() => claimDue(db, clock.now(), BATCH, LOCK_MS));
    // A push or an SMS is struck off as soon as it has gone: if this instance dies, another takes
    // its entry again after LOCK_MS, and only what was sent in that one statement's time is sent
    // twice (a push with the same Topic and tag, so shown once). Fan-outs are written together.
    const handled = await Promise.all(
      claimed.map(async (row) => {
        const outcome = await this.handle(row);
        if (outcome === 'done' && row.kind !== 'fanout') await mainWriteTurn(() => finishAll(db, [row.id]));
        return outcome;
      }),
    );
    const fannedOut = claimed.filter((row, i) => handled[i] === 'done' && row.kind === 'fanout').map((row) => row.id);
    if (fannedOut.length > 0) await mainWriteTurn(() => finishAll(db, fannedOut));
    return claimed.length;
  }

  /** Rounds until nothing is due (tests; and a clean shutdown). Returns the entries handled. */
  async drain(maxRounds = 100): Promise<number> {
    let total = 0;
    for (let i = 0; i < maxRounds; i++) {
      const n = await this.runOnce();
      if (n === 0) break;
      total += n;
    }
    return total;
  }

  private async handle(row: OutboxRow): Promise<Handled> {
    try {
      if (row.kind === 'fanout') return await this.fanout(row);
      if (row.kind === 'push') return await this.settle(row, await deliverAlertPush(this.deps, row));
      if (row.kind === 'sms') return await this.settle(row, await deliverAlertSms(this.deps, row));
      return 'done';
    } catch (err) {
      // A database hiccup: the entry's lock expires and it is taken again.
      this.deps.log.error({ err, alertId: row.alert_id, kind: row.kind }, 'alert delivery failed');
      return 'kept';
    }
  }

  /** Who gets the alert: the owner's browsers, notification receivers' browsers, SMS receivers. */
  private async fanout(row: OutboxRow): Promise<Handled> {
    const { db, clock, log } = this.deps;
    const now = clock.now();
    const alert = await loadAlert(db, row.alert_id);
    if (!alert?.ownerId || now - alert.time > DELIVERY_MAX_AGE_MS) {
      log.debug({ alertId: row.alert_id, reason: alert?.ownerId ? 'stale' : 'no owner' }, 'alert kept, not delivered');
      return 'done';
    }
    const receivers = await listReceivers(db, alert.ownerId);
    const notifyPhones = receivers.filter((r) => r.channel === 'notification').map((r) => r.phone);
    const subscriptions = await subscriptionsOf(db, [...new Set([alert.ownerId, ...(await userIdsByMobile(db, notifyPhones))])]);
    const targets: { kind: DeliveryKind; target: string }[] = [
      ...subscriptions.map((s) => ({ kind: 'push' as const, target: s.id })),
      ...receivers.filter((r) => r.channel === 'sms').map((r) => ({ kind: 'sms' as const, target: r.id })),
    ];
    await expand(db, row, targets, now);
    return 'done';
  }

  /** A channel's outcome: done, or retried after a backoff until MAX_ATTEMPTS. */
  private async settle(row: OutboxRow, outcome: EntryOutcome): Promise<Handled> {
    if (outcome.kind === 'done') return 'done';
    const { afterMs, context } = outcome;
    const { db, clock, log } = this.deps;
    const attempts = row.attempts + 1;
    if (attempts >= MAX_ATTEMPTS) {
      log.warn({ ...context, attempts }, 'alert delivery given up');
      return 'done';
    }
    const wait = afterMs ?? backoffMs(attempts);
    log.info({ ...context, attempts, retryInMs: wait }, 'alert delivery will be retried');
    await retryLater(db, row.id, attempts, clock.now() + wait);
    return 'kept';
  }
}
