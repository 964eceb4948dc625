import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Database } from '../../db/types';
import { AppError } from '../../errors/app-error';
import type { DealerDesk } from './dealer-desk';
import { bookingsWaiting } from './repo';

export interface DemoDealerOptions {
  db: Kysely<Database>;
  clock: Clock;
  desk: DealerDesk;
  log: FastifyBaseLogger;
  /** How long a booking waits before each step (default a minute). */
  delayMs?: number;
  technician?: { name: string; phone: string };
}

const DEFAULT_TECHNICIAN = { name: 'Suresh Shinde', phone: '9822011111' };

/**
 * The demo's dealer (issue 15 item 6): confirms a requested booking once it is a minute old and
 * assigns a technician a minute after confirming; everything after is left to the operator commands
 * (`npm run admin -- bookings …`). Steps go through the dealer desk, so another instance doing the
 * same at once loses the race harmlessly.
 */
export class DemoDealer {
  private readonly delayMs: number;

  constructor(private readonly options: DemoDealerOptions) {
    this.delayMs = options.delayMs ?? 60_000;
  }

  async runDue(): Promise<number> {
    const { db, clock, desk } = this.options;
    const before = clock.now() - this.delayMs;
    let moved = 0;
    for (const b of await bookingsWaiting(db, 'requested', before)) moved += await this.step(() => desk.move(b.id, { status: 'confirmed' }));
    for (const b of await bookingsWaiting(db, 'confirmed', before)) {
      moved += await this.step(() => desk.move(b.id, { status: 'assigned', technician: this.options.technician ?? DEFAULT_TECHNICIAN }));
    }
    return moved;
  }

  /** Starts the job (every few seconds, unref'd); returns its stop. */
  start(everyMs = 5_000): () => void {
    const timer = setInterval(() => {
      this.runDue().catch((err: unknown) => this.options.log.error({ err }, 'demo dealer failed'));
    }, everyMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  private async step(move: () => Promise<unknown>): Promise<number> {
    try {
      await move();
      return 1;
    } catch (err) {
      // Cancelled or moved on meanwhile (by the owner, an operator or another instance): nothing to do.
      if (err instanceof AppError) return 0;
      throw err;
    }
  }
}
