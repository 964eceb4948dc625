import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Kysely } from 'kysely';
import type { OtpPurpose } from '@tractorlink/domain/auth';
import type { Clock } from '../../clock';
import type { Database } from '../../db/types';
import { AppError } from '../../errors/app-error';
import { isTicketUsed, markTicketUsed } from './repo';

/** A verified OTP's proof lives 10 minutes and can be spent once. */
export const TICKET_TTL_SECONDS = 10 * 60;
const AUDIENCE = 'tractorlink:otp-ticket';
const ISSUER = 'tractorlink';

export interface Ticket {
  mobileNo: string;
  purpose: OtpPurpose;
  jti: string;
  expiresAt: number;
}

/**
 * Tickets are HS256 JWTs naming the mobile number, the purpose and a unique id (jti). They are
 * signed with their own key, so a ticket is never accepted as an access token or the reverse.
 */
export class OtpTickets {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly key: Uint8Array,
    private readonly clock: Clock,
  ) {}

  async issue(mobileNo: string, purpose: OtpPurpose): Promise<string> {
    const now = Math.floor(this.clock.now() / 1000);
    return new SignJWT({ purpose })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(mobileNo)
      .setJti(randomUUID())
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + TICKET_TTL_SECONDS)
      .sign(this.key);
  }

  /**
   * Checks signature, expiry, purpose and that it is not spent yet (so a spent ticket always
   * answers OTP_TICKET_INVALID first); does not spend it: `spend` does, atomically.
   */
  async read(token: string, purpose: OtpPurpose): Promise<Ticket> {
    const ticket = await this.verify(token, purpose);
    if (await isTicketUsed(this.db, ticket.jti)) throw new AppError('OTP_TICKET_INVALID');
    return ticket;
  }

  private async verify(token: string, purpose: OtpPurpose): Promise<Ticket> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        audience: AUDIENCE,
        issuer: ISSUER,
        currentDate: new Date(this.clock.now()),
        requiredClaims: ['sub', 'jti', 'exp'],
      });
      if (payload.purpose !== purpose || !payload.sub || !payload.jti || !payload.exp) throw new Error('wrong ticket');
      return { mobileNo: payload.sub, purpose, jti: payload.jti, expiresAt: payload.exp * 1000 };
    } catch {
      throw new AppError('OTP_TICKET_INVALID');
    }
  }

  /** Spends the ticket inside the caller's transaction, so a failed action leaves it unspent. */
  async spend(db: Kysely<Database>, ticket: Ticket): Promise<void> {
    if (!(await markTicketUsed(db, ticket.jti, ticket.expiresAt, this.clock.now()))) throw new AppError('OTP_TICKET_INVALID');
  }
}
