import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Kysely } from 'kysely';
import { ACCESS_TOKEN_TTL_SECONDS } from '@tractorlink/domain/auth';
import type { Clock } from '../../clock';
import { randomToken, sha256 } from '../../crypto/secrets';
import type { Database } from '../../db/types';
import { AppError } from '../../errors/app-error';
import * as repo from './repo';

/** Verified access tokens kept in memory (one per signed-in phone; 15 minutes each). */
const VERIFIED_TOKENS_MAX = 50_000;

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long an ended session is kept before it is deleted. */
const ENDED_SESSIONS_KEPT_MS = DAY_MS;
/** "Remember me": 30 days; otherwise the session ends with the browser or after 12 hours. */
export const REMEMBERED_SESSION_MS = 30 * DAY_MS;
export const BROWSER_SESSION_MS = 12 * 60 * 60 * 1000;

const AUDIENCE = 'tractorlink:access';
const ISSUER = 'tractorlink';

/**
 * A refresh token spent this recently, whose successor has not been spent yet, is a second tab (or
 * a retried request) that sent the same cookie, not a copy: it gets an access token, and the cookie
 * the browser already holds (the successor) is left as it is.
 */
export const REFRESH_GRACE_MS = 30_000;

export interface IssuedTokens {
  userId: string;
  sessionId: string;
  accessToken: string;
  expiresIn: number;
  /** The next refresh token; undefined when the browser's cookie already holds the current one (grace). */
  refreshToken: string | undefined;
  /** Cookie Max-Age: the session's remaining life when remembered; undefined = browser-session cookie. */
  cookieMaxAgeSeconds: number | undefined;
}

export interface Principal {
  userId: string;
  sessionId: string;
}

/**
 * Sessions: a short JWT access token (15 min) plus a refresh token that rotates on every use.
 * Each session is one rotation family; presenting an already rotated token means it was copied,
 * so the whole family is revoked (DESIGN §7). Only sha256 hashes of refresh tokens are stored.
 */
export class SessionService {
  constructor(private readonly deps: { db: Kysely<Database>; clock: Clock; accessKey: Uint8Array }) {}

  private async accessToken(userId: string, sessionId: string): Promise<string> {
    const now = Math.floor(this.deps.clock.now() / 1000);
    return new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + ACCESS_TOKEN_TTL_SECONDS)
      .sign(this.deps.accessKey);
  }

  private async issue(
    db: Kysely<Database>,
    session: { id: string; userId: string; rememberMe: boolean; expiresAt: number },
    refreshToken = randomToken(),
  ): Promise<IssuedTokens> {
    const now = this.deps.clock.now();
    await repo.insertRefreshToken(db, { tokenHash: sha256(refreshToken), sessionId: session.id, createdAt: now });
    return {
      userId: session.userId,
      sessionId: session.id,
      accessToken: await this.accessToken(session.userId, session.id),
      expiresIn: ACCESS_TOKEN_TTL_SECONDS,
      refreshToken,
      cookieMaxAgeSeconds: session.rememberMe ? Math.floor((session.expiresAt - now) / 1000) : undefined,
    };
  }

  /** Starts a session (login, register); pass the transaction when part of a larger change. */
  async start(db: Kysely<Database>, userId: string, rememberMe: boolean): Promise<IssuedTokens> {
    const now = this.deps.clock.now();
    const session = {
      id: randomUUID(),
      user_id: userId,
      remember_me: rememberMe ? 1 : 0,
      created_at: now,
      expires_at: now + (rememberMe ? REMEMBERED_SESSION_MS : BROWSER_SESSION_MS),
      revoked_at: null,
    };
    await repo.insertSession(db, session);
    return this.issue(db, { id: session.id, userId, rememberMe, expiresAt: session.expires_at });
  }

  /** POST refreshtoken: spends the presented token and issues the next one of the same session. */
  async rotate(refreshToken: string | undefined): Promise<IssuedTokens> {
    const { db, clock } = this.deps;
    if (!refreshToken) throw new AppError('SESSION_EXPIRED');
    const now = clock.now();
    const tokenHash = sha256(refreshToken);
    const found = await repo.findRefreshToken(db, tokenHash);
    if (!found) throw new AppError('SESSION_EXPIRED');
    const session = { id: found.session_id, userId: found.user_id, rememberMe: found.remember_me === 1, expiresAt: found.expires_at };
    if (found.used_at !== null) return this.spentAgain(tokenHash, session, now);
    if (found.revoked_at !== null || found.expires_at <= now) throw new AppError('SESSION_EXPIRED');

    // Spend first (atomic): of two requests racing with one token, exactly one gets through; the
    // other is a spent token presented again, judged by the grace rule.
    const successor = randomToken();
    if (!(await repo.markRefreshTokenUsed(db, tokenHash, now, sha256(successor)))) return this.spentAgain(tokenHash, session, now);
    return this.issue(db, session, successor);
  }

  /**
   * A spent token again: within the grace, as the immediate predecessor of the session's current
   * token, it is another tab of the same browser (an access token, the cookie left alone);
   * otherwise it was copied, and the whole session is revoked.
   */
  private async spentAgain(tokenHash: string, session: { id: string; userId: string; expiresAt: number }, now: number): Promise<IssuedTokens> {
    const { db } = this.deps;
    const found = await repo.findRefreshToken(db, tokenHash);
    const inGrace =
      found !== undefined &&
      found.used_at !== null &&
      now - found.used_at <= REFRESH_GRACE_MS &&
      found.replaced_by !== null &&
      found.revoked_at === null &&
      found.expires_at > now &&
      !(await repo.refreshTokenUsed(db, found.replaced_by));
    if (!inGrace) {
      await repo.revokeSession(db, session.id, now);
      throw new AppError('SESSION_REVOKED');
    }
    return {
      userId: session.userId,
      sessionId: session.id,
      accessToken: await this.accessToken(session.userId, session.id),
      expiresIn: ACCESS_TOKEN_TTL_SECONDS,
      refreshToken: undefined,
      cookieMaxAgeSeconds: undefined,
    };
  }

  /**
   * Logout: ends the session the refresh cookie belongs to, or else the access token's session.
   * Never fails: signing out must work even with an expired or unknown token.
   */
  async logout(credentials: { refreshToken: string | undefined; accessToken: string | undefined }): Promise<void> {
    const { db, clock } = this.deps;
    let sessionId: string | undefined;
    if (credentials.refreshToken) {
      sessionId = (await repo.findRefreshToken(db, sha256(credentials.refreshToken)))?.session_id;
    } else if (credentials.accessToken) {
      sessionId = (await this.authenticate(credentials.accessToken).catch(() => undefined))?.sessionId;
    }
    if (sessionId !== undefined) await repo.revokeSession(db, sessionId, clock.now());
  }

  async revokeAllOfUser(db: Kysely<Database>, userId: string, exceptSessionId?: string): Promise<void> {
    await repo.revokeUserSessions(db, userId, this.deps.clock.now(), exceptSessionId);
  }

  /**
   * Checks a Bearer access token and that its session is still live, so logout and a PIN reset
   * take effect at once rather than when the 15 minutes run out.
   */
  /**
   * Tokens whose signature was already checked, until they expire: a phone polls every 30 s with
   * the same token, and verifying an HMAC through WebCrypto each time was a tenth of the home
   * request. The session is still looked up on every request, so logout takes effect at once.
   */
  private readonly verified = new Map<string, { principal: Principal; expiresAt: number }>();

  private remember(token: string, principal: Principal, expiresAt: number): void {
    if (this.verified.size >= VERIFIED_TOKENS_MAX) {
      const now = this.deps.clock.now();
      for (const [t, v] of this.verified) if (v.expiresAt <= now) this.verified.delete(t);
      // Still full: forget the oldest (Map keeps insertion order).
      if (this.verified.size >= VERIFIED_TOKENS_MAX) this.verified.delete(this.verified.keys().next().value as string);
    }
    this.verified.set(token, { principal, expiresAt });
  }

  /**
   * Removes sessions that ended (expired or revoked) over a day ago, with their refresh tokens:
   * nothing can use them any more, and without this the tables grow with every sign-in. The day
   * keeps an ended session's tokens answering "session revoked/expired" rather than "unknown" for
   * a phone that comes back soon after.
   */
  async purgeEnded(): Promise<number> {
    return repo.deleteSessionsEndedBefore(this.deps.db, this.deps.clock.now() - ENDED_SESSIONS_KEPT_MS);
  }

  async authenticate(accessToken: string | undefined): Promise<Principal> {
    const { db, clock, accessKey } = this.deps;
    if (!accessToken) throw new AppError('UNAUTHENTICATED');
    let principal: Principal;
    const known = this.verified.get(accessToken);
    if (known && known.expiresAt > clock.now()) {
      principal = known.principal;
    } else {
      try {
        const { payload } = await jwtVerify(accessToken, accessKey, {
          algorithms: ['HS256'],
          audience: AUDIENCE,
          issuer: ISSUER,
          currentDate: new Date(clock.now()),
          requiredClaims: ['sub', 'exp'],
        });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') throw new Error('malformed');
        principal = { userId: payload.sub, sessionId: payload.sid };
        this.remember(accessToken, principal, payload.exp * 1000);
      } catch {
        throw new AppError('UNAUTHENTICATED');
      }
    }
    const session = await repo.findSession(db, principal.sessionId);
    if (!session || session.user_id !== principal.userId || session.revoked_at !== null || session.expires_at <= clock.now()) {
      throw new AppError('UNAUTHENTICATED');
    }
    return principal;
  }
}
