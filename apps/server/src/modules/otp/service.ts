import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  OTP_MAX_ATTEMPTS,
  OTP_MAX_SENDS,
  OTP_NUMBER_MAX_SENDS_PER_HOUR,
  OTP_RESEND_COOLDOWN_SECONDS,
  OTP_SEND_WINDOW_SECONDS,
  OTP_TTL_SECONDS,
} from '@tractorlink/domain/auth';
import type { OtpPurpose } from '@tractorlink/domain/auth';
import { DEFAULT_LANGUAGE } from '@tractorlink/domain/languages';
import type { Clock } from '../../clock';
import { hmac, safeEqual } from '../../crypto/secrets';
import type { Database, Engine } from '../../db/types';
import { AppError } from '../../errors/app-error';
import { serverText } from '../../i18n/server-texts';
import { SmsCapReached } from '../../providers/sms/hourly-cap';
import type { HourlyCappedSms } from '../../providers/sms/hourly-cap';
import { clientNetwork } from './client-network';
import type { OtpTickets } from './otp-ticket';
import { TICKET_TTL_SECONDS } from './otp-ticket';
import * as repo from './repo';
import type { OtpChallenge, SendRow } from './repo';

const WINDOW_MS = OTP_SEND_WINDOW_SECONDS * 1000;
const COOLDOWN_MS = OTP_RESEND_COOLDOWN_SECONDS * 1000;
const TTL_MS = OTP_TTL_SECONDS * 1000;
const HOUR_MS = 3600_000;

/** The code's SMS, in the owner's language (English: GSM-7, one part; see test/sms-segments.test.ts). */
export const otpText = (code: string, language: string) => serverText(language, 'sms.otp', { code });

const secondsUntil = (at: number, now: number) => Math.max(1, Math.ceil((at - now) / 1000));

export interface OtpSendResult {
  sent: true;
  expiresInSeconds: number;
  resendAfterSeconds: number;
  sendsLeft: number;
}

/**
 * Who asks: the client address (behind TRUST_PROXY, from X-Forwarded-For; an IPv6 /64 counts as one
 * address, see clientNetwork), the browser's id if it said, and the language of the SMS (the account's,
 * else the app's if it said, else English).
 */
export interface Requester {
  address: string;
  deviceId?: string | undefined;
  language?: string | undefined;
}

/**
 * One-time passwords (DESIGN §7), built so that nobody but the owner holding the phone can stop
 * the owner getting in (issue 11). The rules, exactly:
 *
 * A code belongs to whoever asked for it: one per number, purpose and requester, where the requester
 * is the asking browser if it gave its deviceID (an id nobody else knows: it may verify from another
 * address, and strangers behind the same carrier NAT cannot reach its code), else the address.
 * Others' wrong guesses, sends and resends never touch it. Its 5th wrong try burns that code, not the number:
 * the requester may ask for a new one at once (within the send limits), with a clean count. A
 * resend inside the 15-minute window of a code not yet burned replaces the code (fresh 6 digits,
 * fresh 10 minutes) but keeps the wrong-try count: resending never buys more guesses.
 *
 * Send limits, counted per requester, where the requester is the browser if it is already bound to
 * the number's account, else the address:
 *  - 3 sends per number per rolling 15 minutes (OTP_SEND_LIMIT, retry when the oldest leaves);
 *  - 30 s between a send and its resend for the same purpose (OTP_RESEND_COOLDOWN); another flow
 *    (registering, then at once resetting the PIN) is not a resend.
 * Requests not from a bound browser also meet two shared caps:
 *  - per number, all addresses together: 10 per rolling hour (OTP_SEND_LIMIT). It bounds the
 *    guesses anyone can make against one number (5 per code, so 50 an hour) and the texts strangers
 *    can make its phone receive;
 *  - per address, all numbers together: OTP_ADDRESS_SENDS_PER_HOUR (OTP_ADDRESS_LIMIT).
 * A browser bound to the account (it signed in there before) asks outside both, and may use the
 * whole global hourly SMS cap where strangers get nine tenths: so the owner on own phone can always
 * get a reset code, however many sends and wrong codes others spend.
 *
 * Counting and recording a send happen in one transaction serialised per number and per address
 * (repo.serialise), so parallel requests on any number of instances never pass a limit. A right
 * code is single use and returns a ticket; an expired code answers OTP_EXPIRED without counting.
 * Codes, addresses and device ids are stored as HMAC-SHA256 under a server secret, never in the clear.
 */
export class OtpService {
  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      engine: Engine;
      clock: Clock;
      sms: HourlyCappedSms;
      tickets: OtpTickets;
      otpKey: Uint8Array;
      log: FastifyBaseLogger;
      addressSendsPerHour: number;
      /** The language of the number's account; undefined if the number has none. */
      accountLanguage(mobileNo: string): Promise<string | undefined>;
      /** True if the browser with this deviceID is bound to the account of this number. */
      isBoundBrowser(mobileNo: string, deviceId: string): Promise<boolean>;
    },
  ) {}

  private hash(mobileNo: string, purpose: OtpPurpose, code: string): string {
    return hmac(this.deps.otpKey, `${mobileNo}:${purpose}:${code}`);
  }

  private keyOf(kind: 'address' | 'device', value: string): string {
    return hmac(this.deps.otpKey, `${kind}:${value}`);
  }

  /** POST otp/send: checks the account rule of the purpose, then the limits, then sends (in the account's language if there is one). */
  async send(mobileNo: string, purpose: OtpPurpose, from: Requester): Promise<OtpSendResult> {
    const accountLanguage = await this.deps.accountLanguage(mobileNo);
    const exists = accountLanguage !== undefined;
    if (purpose === 'register' && exists) throw new AppError('MOBILE_ALREADY_REGISTERED');
    if (purpose !== 'register' && !exists) throw new AppError('MOBILE_NOT_REGISTERED');
    const bound = purpose !== 'register' && from.deviceId !== undefined && (await this.deps.isBoundBrowser(mobileNo, from.deviceId));
    return this.sendCode(mobileNo, purpose, { ...from, language: accountLanguage ?? from.language }, bound);
  }

  /** Sends a code without the account check (the caller knows the account exists). */
  async sendCode(mobileNo: string, purpose: OtpPurpose, from: Requester, boundBrowser = false): Promise<OtpSendResult> {
    const { db, engine, clock, sms, log } = this.deps;
    const now = clock.now();
    const address = this.keyOf('address', clientNetwork(from.address));
    const deviceKey = from.deviceId === undefined ? null : this.keyOf('device', from.deviceId);
    const requester = boundBrowser && deviceKey !== null ? deviceKey : address;
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const sendId = randomUUID();

    const sendsLeft = await db.transaction().execute(async (trx) => {
      await repo.serialise(trx, engine, boundBrowser ? [`otp-number:${mobileNo}`] : [`otp-number:${mobileNo}`, `otp-address:${address}`]);
      const sends = await repo.sendsSince(trx, mobileNo, now - HOUR_MS);
      const left = this.checkRequesterLimits(sends, requester, purpose, now);
      if (!boundBrowser) await this.checkSharedCaps(trx, sends, address, now);

      const asker = deviceKey ?? address;
      const challenge = await repo.findChallenge(trx, { mobile_no: mobileNo, purpose, requester: asker });
      await repo.recordSend(trx, { id: sendId, mobileNo, purpose, sentAt: now, requester, address, boundBrowser });
      await repo.saveChallenge(trx, this.nextChallenge(challenge, { mobileNo, purpose, asker, address, code, now }));
      return left;
    });

    try {
      await sms.send(mobileNo, otpText(code, from.language ?? DEFAULT_LANGUAGE), boundBrowser ? 'all' : 'open');
    } catch (err) {
      // The owner got nothing: give the send back so a retry is not refused for it.
      await repo.deleteSend(db, sendId);
      if (err instanceof SmsCapReached) throw new AppError('SMS_CAP_REACHED', { retryAfterSeconds: err.retryAfterSeconds });
      log.error({ errName: err instanceof Error ? err.name : 'unknown', purpose }, 'OTP SMS not sent');
      throw new AppError('SMS_UNAVAILABLE');
    }
    await repo.pruneOld(db, now - HOUR_MS, now - WINDOW_MS);

    return { sent: true, expiresInSeconds: OTP_TTL_SECONDS, resendAfterSeconds: OTP_RESEND_COOLDOWN_SECONDS, sendsLeft };
  }

  /** The requester's own allowance: 3 per number per 15 minutes, 30 s between resends. Returns the sends left after this one. */
  private checkRequesterLimits(sends: readonly SendRow[], requester: string, purpose: OtpPurpose, now: number): number {
    const mine = sends.filter((s) => s.requester === requester && s.sentAt > now - WINDOW_MS);
    const oldest = mine[0]?.sentAt;
    if (oldest !== undefined && mine.length >= OTP_MAX_SENDS) {
      throw new AppError('OTP_SEND_LIMIT', { retryAfterSeconds: secondsUntil(oldest + WINDOW_MS, now) });
    }
    const latest = mine.filter((s) => s.purpose === purpose).at(-1)?.sentAt;
    if (latest !== undefined && now - latest < COOLDOWN_MS) {
      throw new AppError('OTP_RESEND_COOLDOWN', { retryAfterSeconds: secondsUntil(latest + COOLDOWN_MS, now) });
    }
    return OTP_MAX_SENDS - mine.length - 1;
  }

  /** Strangers' caps: per number (all addresses) and per address (all numbers), each per rolling hour. */
  private async checkSharedCaps(db: Kysely<Database>, sends: readonly SendRow[], address: string, now: number): Promise<void> {
    const toNumber = sends.filter((s) => !s.boundBrowser);
    if (toNumber.length >= OTP_NUMBER_MAX_SENDS_PER_HOUR) {
      throw new AppError('OTP_SEND_LIMIT', { retryAfterSeconds: secondsUntil((toNumber[0]?.sentAt ?? now) + HOUR_MS, now) });
    }
    const fromAddress = await repo.addressSendsSince(db, address, now - HOUR_MS);
    if (fromAddress.length >= this.deps.addressSendsPerHour) {
      throw new AppError('OTP_ADDRESS_LIMIT', { retryAfterSeconds: secondsUntil((fromAddress[0] ?? now) + HOUR_MS, now) });
    }
  }

  /**
   * The requester's code after this send: a resend inside the window of a code not yet burned keeps
   * its window and wrong-try count; otherwise a new code with a clean count.
   */
  private nextChallenge(
    current: OtpChallenge | undefined,
    s: { mobileNo: string; purpose: OtpPurpose; asker: string; address: string; code: string; now: number },
  ): OtpChallenge {
    const resend = current !== undefined && s.now < current.window_started_at + WINDOW_MS && current.attempts < OTP_MAX_ATTEMPTS;
    return {
      mobile_no: s.mobileNo,
      purpose: s.purpose,
      requester: s.asker,
      address: s.address,
      code_hash: this.hash(s.mobileNo, s.purpose, s.code),
      window_started_at: resend ? current.window_started_at : s.now,
      attempts: resend ? current.attempts : 0,
      expires_at: s.now + TTL_MS,
    };
  }

  /** POST otp/verify: a right code is spent and exchanged for a ticket. Only the requester's own code is tried. */
  async verify(mobileNo: string, purpose: OtpPurpose, code: string, from: Requester): Promise<{ ticket: string; expiresInSeconds: number }> {
    const { db, clock, tickets } = this.deps;
    const now = clock.now();
    const address = this.keyOf('address', clientNetwork(from.address));
    const asker = from.deviceId === undefined ? address : this.keyOf('device', from.deviceId);
    // A bind code is sent by login, which always names the browser; a client that verifies it
    // without the id finds it by the address it logged in from.
    const challenge =
      (await repo.findChallenge(db, { mobile_no: mobileNo, purpose, requester: asker })) ??
      (from.deviceId === undefined && purpose === 'bind' ? await repo.findChallengeFromAddress(db, mobileNo, purpose, address) : undefined);
    if (!challenge || challenge.code_hash === null) throw new AppError('OTP_INVALID');
    // Burned: only a new code helps, and the requester may ask for one now.
    if (challenge.attempts >= OTP_MAX_ATTEMPTS) throw new AppError('OTP_ATTEMPTS_EXCEEDED');
    if (now >= challenge.expires_at) throw new AppError('OTP_EXPIRED');

    const codeHash = this.hash(mobileNo, purpose, code);
    if (safeEqual(codeHash, challenge.code_hash)) {
      const won = await repo.consumeChallenge(db, challenge, { codeHash, now, maxAttempts: OTP_MAX_ATTEMPTS });
      if (!won) throw new AppError('OTP_INVALID');
      return { ticket: await tickets.issue(mobileNo, purpose), expiresInSeconds: TICKET_TTL_SECONDS };
    }

    const attempts = await repo.countWrongTry(db, challenge, OTP_MAX_ATTEMPTS);
    // undefined: a parallel request used or burned the code meanwhile; this try was not counted.
    if (attempts === undefined) throw new AppError('OTP_INVALID');
    if (attempts >= OTP_MAX_ATTEMPTS) throw new AppError('OTP_ATTEMPTS_EXCEEDED');
    throw new AppError('OTP_INVALID');
  }
}
