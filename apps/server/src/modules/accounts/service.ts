import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { PIN_BLOCK_AFTER_FAILURES, pinLockSeconds } from '@tractorlink/domain/auth';
import type { createPinRequest, loginRequest, registerRequest, UserData } from '@tractorlink/domain/auth';
import { DEFAULT_LANGUAGE } from '@tractorlink/domain/languages';
import { indianDate, isAdultOn } from '@tractorlink/domain/validation';
import type { ErrorCode } from '@tractorlink/domain/errors';
import type { Clock } from '../../clock';
import { hashPin, verifyPin } from '../../crypto/pin-hash';
import { sha256 } from '../../crypto/secrets';
import type { Database } from '../../db/types';
import { AppError } from '../../errors/app-error';
import type { OtpTickets } from '../otp/otp-ticket';
import type { OtpService } from '../otp/service';
import type { IssuedTokens, SessionService } from '../sessions/service';
import * as repo from './repo';
import type { UserRow } from './repo';
import { toUserData } from './user-data';

export type SignedIn = IssuedTokens & { user: UserData };

/** How a browser's deviceID is kept (user_devices.device_hash): never the raw id. */
export const deviceHash = (deviceId: string) => sha256(`device:${deviceId}`);

/**
 * Accounts: registration, PIN login with device binding, PIN reset and change.
 *
 * PIN throttling, per account and kept in the database: 5 consecutive wrong PINs lock the account
 * for 15 minutes, each further wrong PIN doubles the wait (see pinLockSeconds); tries during the
 * wait are refused without looking at the PIN and are not counted; the 10th wrong PIN blocks PIN
 * sign-in until the PIN is reset by OTP (createpin). A right PIN clears the count. Each try is
 * reserved in the database before its PIN is checked (repo.reservePinTry), so however many arrive
 * at once, from however many addresses or instances, at most 10 PINs are ever checked per block.
 */
export class AccountService {
  private dummyHash: Promise<string> | undefined;

  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      clock: Clock;
      otp: OtpService;
      tickets: OtpTickets;
      sessions: SessionService;
    },
  ) {}

  async accountExists(mobileNo: string): Promise<boolean> {
    return (await repo.findUserByMobile(this.deps.db, mobileNo)) !== undefined;
  }

  async register(input: z.infer<typeof registerRequest>): Promise<SignedIn> {
    const { db, clock, tickets, sessions } = this.deps;
    const ticket = await tickets.read(input.ticket, 'register');
    if (!isAdultOn(input.birthDate, indianDate(clock.now()))) throw new AppError('AGE_UNDER_18');
    if (await this.accountExists(ticket.mobileNo)) throw new AppError('MOBILE_ALREADY_REGISTERED');

    const pinHash = await hashPin(input.pin);
    const now = clock.now();
    const user: UserRow = {
      id: randomUUID(),
      mobile_no: ticket.mobileNo,
      name: input.name,
      birth_date: input.birthDate,
      email: input.email ?? null,
      language: DEFAULT_LANGUAGE,
      pin_hash: pinHash,
      pin_failures: 0,
      pin_locked_until: null,
      image_name: null,
      created_at: now,
      updated_at: now,
    };
    const tokens = await db.transaction().execute(async (trx) => {
      await tickets.spend(trx, ticket);
      if (!(await repo.insertUser(trx, user))) throw new AppError('MOBILE_ALREADY_REGISTERED');
      await repo.bindDevice(trx, user.id, deviceHash(input.deviceID), now);
      return sessions.start(trx, user.id, input.rememberMe);
    });
    return { ...tokens, user: toUserData(user) };
  }

  /**
   * Mobile + PIN. Unknown numbers and wrong PINs give the same answer after the same scrypt work.
   * A right PIN from a browser not yet bound sends a 'bind' OTP and answers DEVICE_NOT_BOUND; the
   * login repeated with the verified ticket binds it. `address` is the client's, for the OTP's limits.
   */
  async login(input: z.infer<typeof loginRequest>, address: string): Promise<SignedIn> {
    const { db, clock, otp, tickets, sessions } = this.deps;
    const user = await repo.findUserByMobile(db, input.userName);
    if (!user) {
      await verifyPin(input.password, await this.dummyPinHash());
      throw new AppError('LOGIN_INVALID');
    }
    await this.checkPin(user, input.password, 'LOGIN_INVALID');

    const device = deviceHash(input.deviceID);
    if (await repo.isDeviceBound(db, user.id, device)) {
      return { ...(await sessions.start(db, user.id, input.rememberMe)), user: toUserData(user) };
    }
    if (input.otpTicket === undefined) {
      await otp.sendCode(user.mobile_no, 'bind', { address, deviceId: input.deviceID, language: user.language }); // its limits answer instead when they refuse
      throw new AppError('DEVICE_NOT_BOUND');
    }
    const ticket = await tickets.read(input.otpTicket, 'bind');
    if (ticket.mobileNo !== user.mobile_no) throw new AppError('OTP_TICKET_INVALID');
    const tokens = await db.transaction().execute(async (trx) => {
      await tickets.spend(trx, ticket);
      await repo.bindDevice(trx, user.id, device, clock.now());
      return sessions.start(trx, user.id, input.rememberMe);
    });
    return { ...tokens, user: toUserData(user) };
  }

  /** Forgot PIN: a 'reset' ticket sets a new PIN, lifts lock and block, binds this browser, ends all sessions. */
  async createPin(input: z.infer<typeof createPinRequest>): Promise<void> {
    const { db, clock, tickets, sessions } = this.deps;
    const ticket = await tickets.read(input.ticket, 'reset');
    const user = await repo.findUserByMobile(db, ticket.mobileNo);
    if (!user) throw new AppError('MOBILE_NOT_REGISTERED');
    const pinHash = await hashPin(input.pin);
    await db.transaction().execute(async (trx) => {
      const now = clock.now();
      await tickets.spend(trx, ticket);
      await repo.setPin(trx, user.id, pinHash, now);
      await repo.bindDevice(trx, user.id, deviceHash(input.deviceID), now);
      await sessions.revokeAllOfUser(trx, user.id);
    });
  }

  /** Signed in: wrong old PINs count toward the lock exactly like wrong logins. Other sessions end. */
  async changePin(userId: string, sessionId: string, oldPin: string, newPin: string): Promise<void> {
    const { db, clock, sessions } = this.deps;
    if (oldPin === newPin) throw new AppError('PIN_SAME_AS_OLD');
    const user = await repo.findUserById(db, userId);
    if (!user) throw new AppError('UNAUTHENTICATED');
    await this.checkPin(user, oldPin, 'PIN_OLD_INVALID');
    const pinHash = await hashPin(newPin);
    await db.transaction().execute(async (trx) => {
      await repo.setPin(trx, user.id, pinHash, clock.now());
      await sessions.revokeAllOfUser(trx, user.id, sessionId);
    });
  }

  /** POST refreshtoken: rotates the session's refresh token and returns fresh tokens with the profile. */
  async refresh(refreshToken: string | undefined): Promise<SignedIn> {
    const tokens = await this.deps.sessions.rotate(refreshToken);
    const user = await repo.findUserById(this.deps.db, tokens.userId);
    if (!user) throw new AppError('SESSION_EXPIRED');
    return { ...tokens, user: toUserData(user) };
  }

  /** Creates an account without OTP: only for the demo owner at start-up. */
  async createAccountDirectly(a: { mobileNo: string; name: string; birthDate: string; pin: string }): Promise<boolean> {
    const now = this.deps.clock.now();
    return repo.insertUser(this.deps.db, {
      id: randomUUID(),
      mobile_no: a.mobileNo,
      name: a.name,
      birth_date: a.birthDate,
      email: null,
      language: DEFAULT_LANGUAGE,
      pin_hash: await hashPin(a.pin),
      pin_locked_until: null,
      image_name: null,
      created_at: now,
      updated_at: now,
    });
  }

  private dummyPinHash(): Promise<string> {
    this.dummyHash ??= hashPin('0000');
    return this.dummyHash;
  }

  /**
   * Applies the throttling rules; returns only if `pin` is right and PIN sign-in is allowed now.
   * The try is reserved (counted, and the lock it would earn set) before the slow hash check, so
   * parallel requests never check more PINs than the rules allow.
   */
  private async checkPin(user: UserRow, pin: string, wrongCode: ErrorCode): Promise<void> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const reserved = await this.reservePinTry(user.id, now);
    if (await verifyPin(pin, reserved.pinHash)) {
      await repo.settleRightPin(db, user.id, reserved.failures, now);
      return;
    }
    if (reserved.failures >= PIN_BLOCK_AFTER_FAILURES) throw new AppError('PIN_BLOCKED');
    const lockSeconds = pinLockSeconds(reserved.failures);
    if (lockSeconds > 0) throw new AppError('PIN_LOCKED', { retryAfterSeconds: lockSeconds });
    throw new AppError(wrongCode);
  }

  /** A reserved try, or the refusal: blocked, or locked with the wait left (tries then are not counted). */
  private async reservePinTry(userId: string, now: number): Promise<repo.ReservedPinTry> {
    const { db } = this.deps;
    // Refused, then found neither locked nor blocked: a right PIN lifted the lock in between; try again.
    for (let attempt = 0; attempt < 3; attempt++) {
      const reserved = await repo.reservePinTry(db, userId, now);
      if (reserved) return reserved;
      const state = await repo.pinState(db, userId);
      if (!state) throw new AppError('LOGIN_INVALID');
      if (state.failures >= PIN_BLOCK_AFTER_FAILURES) throw new AppError('PIN_BLOCKED');
      if (state.lockedUntil !== null && state.lockedUntil > now) {
        throw new AppError('PIN_LOCKED', { retryAfterSeconds: Math.ceil((state.lockedUntil - now) / 1000) });
      }
    }
    throw new AppError('PIN_LOCKED', { retryAfterSeconds: 1 });
  }
}
