import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  OTP_MAX_ATTEMPTS,
  OTP_MAX_SENDS,
  OTP_RESEND_COOLDOWN_SECONDS,
  OTP_SEND_WINDOW_SECONDS,
  OTP_TTL_SECONDS,
} from '@tractorlink/domain/auth';
import type { OtpPurpose } from '@tractorlink/domain/auth';
import type { Clock } from '../../clock';
import { hmac, safeEqual } from '../../crypto/secrets';
import type { Database } from '../../db/types';
import { AppError } from '../../errors/app-error';
import type { SmsProvider } from '../../providers/sms/sms-provider';
import type { OtpTickets } from './otp-ticket';
import { TICKET_TTL_SECONDS } from './otp-ticket';
import * as repo from './repo';

const WINDOW_MS = OTP_SEND_WINDOW_SECONDS * 1000;
const COOLDOWN_MS = OTP_RESEND_COOLDOWN_SECONDS * 1000;
const TTL_MS = OTP_TTL_SECONDS * 1000;

export const otpText = (code: string) => `${code} is your TractorLink code. It expires in 10 minutes. Do not share it.`;

const secondsUntil = (at: number, now: number) => Math.max(1, Math.ceil((at - now) / 1000));

export interface OtpSendResult {
  sent: true;
  expiresInSeconds: number;
  resendAfterSeconds: number;
  sendsLeft: number;
}

/**
 * One-time passwords (DESIGN §7). The rules, exactly:
 *
 * Per number (all purposes together): at most 3 sends in any rolling 15 minutes (OTP_SEND_LIMIT,
 * retry when the oldest of them leaves the window). Per number and purpose: 30 s between a send
 * and its resend (OTP_RESEND_COOLDOWN); a different flow (registering, then at once resetting the
 * PIN or binding a second phone) is not a resend, and the 3-per-15-minutes cap still bounds it.
 *
 * Per (number, purpose) there is one challenge. Its window opens at the first send and lasts
 * 15 minutes. A send inside the window replaces the code (fresh 6 digits, fresh 10-minute expiry)
 * but keeps the wrong-try count: resending never buys more guesses. The 5th wrong try voids the
 * challenge: that answer and every later verify answer OTP_ATTEMPTS_EXCEEDED (the right code
 * included), and sends for that purpose are refused the same way, until the window has passed.
 * The first send after the window opens a new challenge with a clean count. So an attacker gets
 * at most 5 guesses per number and purpose per window.
 *
 * A right code deletes the challenge (single use) and returns a ticket; an expired code answers
 * OTP_EXPIRED and does not count as a wrong try. Codes are stored as HMAC-SHA256 (keyed with a
 * server secret) of number, purpose and code, never in the clear.
 */
export class OtpService {
  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      clock: Clock;
      sms: SmsProvider;
      tickets: OtpTickets;
      otpKey: Uint8Array;
      log: FastifyBaseLogger;
      accountExists(mobileNo: string): Promise<boolean>;
    },
  ) {}

  private hash(mobileNo: string, purpose: OtpPurpose, code: string): string {
    return hmac(this.deps.otpKey, `${mobileNo}:${purpose}:${code}`);
  }

  /** POST otp/send: checks the account rule of the purpose, then the limits, then sends. */
  async send(mobileNo: string, purpose: OtpPurpose): Promise<OtpSendResult> {
    const exists = await this.deps.accountExists(mobileNo);
    if (purpose === 'register' && exists) throw new AppError('MOBILE_ALREADY_REGISTERED');
    if (purpose !== 'register' && !exists) throw new AppError('MOBILE_NOT_REGISTERED');
    return this.sendCode(mobileNo, purpose);
  }

  /** Sends a code without the account check (the caller knows the account exists). */
  async sendCode(mobileNo: string, purpose: OtpPurpose): Promise<OtpSendResult> {
    const { db, clock, sms, log } = this.deps;
    const now = clock.now();

    const challenge = await repo.findChallenge(db, mobileNo, purpose);
    const inWindow = challenge !== undefined && now < challenge.window_started_at + WINDOW_MS;
    if (inWindow && challenge.attempts >= OTP_MAX_ATTEMPTS) {
      throw new AppError('OTP_ATTEMPTS_EXCEEDED', {
        retryAfterSeconds: secondsUntil(challenge.window_started_at + WINDOW_MS, now),
      });
    }

    const sends = await repo.sendsSince(db, mobileNo, now - WINDOW_MS);
    const oldest = sends[0]?.sentAt;
    if (oldest !== undefined && sends.length >= OTP_MAX_SENDS) {
      throw new AppError('OTP_SEND_LIMIT', { retryAfterSeconds: secondsUntil(oldest + WINDOW_MS, now) });
    }
    const latest = sends.filter((s) => s.purpose === purpose).at(-1)?.sentAt;
    if (latest !== undefined && now - latest < COOLDOWN_MS) {
      throw new AppError('OTP_RESEND_COOLDOWN', { retryAfterSeconds: secondsUntil(latest + COOLDOWN_MS, now) });
    }

    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const sendId = randomUUID();
    await db.transaction().execute(async (trx) => {
      await repo.pruneSends(trx, mobileNo, now - WINDOW_MS);
      await repo.recordSend(trx, { id: sendId, mobileNo, purpose, sentAt: now });
      await repo.saveChallenge(trx, {
        mobile_no: mobileNo,
        purpose,
        code_hash: this.hash(mobileNo, purpose, code),
        window_started_at: inWindow ? challenge.window_started_at : now,
        attempts: inWindow ? challenge.attempts : 0,
        expires_at: now + TTL_MS,
      });
    });

    try {
      await sms.send(mobileNo, otpText(code));
    } catch (err) {
      // The owner got nothing: give the send back so a retry is not refused for it.
      await repo.deleteSend(db, sendId);
      log.error({ errName: err instanceof Error ? err.name : 'unknown', purpose }, 'OTP SMS not sent');
      throw new AppError('SMS_UNAVAILABLE');
    }

    return {
      sent: true,
      expiresInSeconds: OTP_TTL_SECONDS,
      resendAfterSeconds: OTP_RESEND_COOLDOWN_SECONDS,
      sendsLeft: OTP_MAX_SENDS - sends.length - 1,
    };
  }

  /** POST otp/verify: a right code is spent and exchanged for a ticket. */
  async verify(mobileNo: string, purpose: OtpPurpose, code: string): Promise<{ ticket: string; expiresInSeconds: number }> {
    const { db, clock, tickets } = this.deps;
    const now = clock.now();
    const challenge = await repo.findChallenge(db, mobileNo, purpose);
    if (!challenge || challenge.code_hash === null) throw new AppError('OTP_INVALID');

    const windowEnd = challenge.window_started_at + WINDOW_MS;
    if (challenge.attempts >= OTP_MAX_ATTEMPTS) {
      // Void until the window passes; after that only a new code helps.
      if (now >= windowEnd) throw new AppError('OTP_EXPIRED');
      throw new AppError('OTP_ATTEMPTS_EXCEEDED', { retryAfterSeconds: secondsUntil(windowEnd, now) });
    }
    if (now >= challenge.expires_at) throw new AppError('OTP_EXPIRED');

    const codeHash = this.hash(mobileNo, purpose, code);
    if (safeEqual(codeHash, challenge.code_hash)) {
      const won = await repo.consumeChallenge(db, { mobileNo, purpose, codeHash, now, maxAttempts: OTP_MAX_ATTEMPTS });
      if (!won) throw new AppError('OTP_INVALID');
      return { ticket: await tickets.issue(mobileNo, purpose), expiresInSeconds: TICKET_TTL_SECONDS };
    }

    const attempts = await repo.countWrongTry(db, mobileNo, purpose, OTP_MAX_ATTEMPTS);
    // undefined: a parallel request used or voided the challenge meanwhile; this try was not counted.
    if (attempts === undefined) throw new AppError('OTP_INVALID');
    if (attempts >= OTP_MAX_ATTEMPTS) {
      throw new AppError('OTP_ATTEMPTS_EXCEEDED', { retryAfterSeconds: secondsUntil(windowEnd, now) });
    }
    throw new AppError('OTP_INVALID');
  }
}
