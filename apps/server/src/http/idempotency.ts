import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, onResponseAsyncHookHandler, onSendAsyncHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { Database } from '../db/types';
import { AppError, errorStatus } from '../errors/app-error';
import {
  completeKey,
  deleteExpiredKey,
  deleteExpiredKeys,
  findKey,
  insertPendingKey,
  type IdempotencyRow,
  releaseKey,
  takeOverStaleKey,
} from './idempotency-repo';

/**
 * Issue 19 item 1: the `Idempotency-Key` header on an owner's writes. The phone's outbox sends each
 * write with a key of its own making and resends it, with the same key, until it has an answer; the
 * server applies it once and gives every repeat the first answer.
 *
 * - Honoured on every POST, PUT, PATCH and DELETE of a signed-in owner (after the route's own auth and
 *   validation, so a refused request takes no key). Without a session (login, OTP, devices, operator)
 *   the header is ignored. An upload (multipart) reads its own body, so the preHandler cannot hash it:
 *   the route takes the key itself once the bytes are in (`takeUploadKey`; the profile photo does),
 *   hashing the parts, not the boundary that changes on every send. Uploads that do not are not covered.
 * - Keys are per owner: the same key from two owners is two writes.
 * - The first request takes the key ('pending'), runs, and its 2xx answer is kept (status, type, body)
 *   as the reply leaves, right after the route's own transaction has committed. A refusal or a failure
 *   gives the key back: nothing was applied, so the same key may be sent again and run.
 * - A repeat with the same method, URL and body gets the kept answer (header `Idempotent-Replayed:
 *   true`) without running; the same key with anything else is IDEMPOTENCY_KEY_REUSED (422).
 * - A repeat arriving while the first still runs (two at once, any instance) waits for its answer, up
 *   to WAIT_MS, then IDEMPOTENCY_KEY_IN_PROGRESS (409, retry after a second).
 * - Should an instance die between the route's commit and keeping the answer, the key stays pending:
 *   after STALE_MS a repeat takes it over and runs the route again (the one case of twice; creates
 *   then meet their own uniqueness rules, such as a geofence's name).
 * - Keys live KEY_TTL_MS; the background jobs delete them afterwards (jobs.ts).
 * - A route whose answer holds a secret shown once (a bill or live link's token, of which the server
 *   keeps only the SHA-256) says `config: { idempotentAnswer: 'withheld' }`: its key is taken as any
 *   other, so a repeat never makes a second link, but what is kept is WITHHELD_ANSWER, not the answer,
 *   so no token sits in idempotency_keys for 7 days. The owner lists the links to see the one made (and
 *   revokes it or makes another, with a new key); a fresh token for the same link would need the link's
 *   hash replaced, more than a repeat is worth.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
/** 16–64 letters, digits, '-' and '_': a UUID fits, and nothing that could smuggle anything. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
/** How long a key is honoured: longer than a phone is likely to stay out of signal with a write half-sent. */
export const KEY_TTL_MS = 7 * 24 * 3600_000;
/** A pending key silent this long belongs to a request that died. */
export const STALE_MS = 60_000;
const WAIT_MS = 10_000;
const POLL_MS = 50;
const ROUTE_MAX = 500;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'withheld': the 2xx answer is never kept; a repeat of its key gets WITHHELD_ANSWER (see above). */
    idempotentAnswer?: 'withheld';
  }
  interface FastifyRequest {
    /** The key this request holds while it runs (set by the idempotency preHandler, or by an upload route). */
    idempotency: { userId: string; key: string } | null;
  }
  interface FastifyInstance {
    /** The key store, for routes that read their own body (`takeUploadKey`). */
    idempotencyStore: IdempotencyStore;
  }
}

/**
 * What a repeat of a key gets on a route whose answer is withheld: the route ran and its work stands,
 * but its answer (a one-time token) was not kept. 422 IDEMPOTENCY_KEY_REUSED, detail ANSWER_NOT_KEPT.
 */
export const WITHHELD_ANSWER = {
  status: errorStatus('IDEMPOTENCY_KEY_REUSED'),
  contentType: 'application/json; charset=utf-8',
  response: JSON.stringify({
    error: {
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: 'This request was already applied with this Idempotency-Key; its answer held a token shown only once, so it was not kept.',
      details: [{ path: 'Idempotency-Key', code: 'ANSWER_NOT_KEPT' }],
    },
  }),
} as const;

/** What to do with a request that carries a key. */
export type Begin = { kind: 'run' } | { kind: 'replay'; row: IdempotencyRow } | { kind: 'mismatch' } | { kind: 'busy' };

/** The key table's rules: take, replay, wait, complete, release, expire. */
export class IdempotencyStore {
  private readonly db: Kysely<Database>;
  private readonly clock: Clock;
  /** Requests of this instance waiting on a key another request of this instance holds. */
  private readonly waiters = new Map<string, Set<() => void>>();

  constructor(deps: { db: Kysely<Database>; clock: Clock }) {
    this.db = deps.db;
    this.clock = deps.clock;
  }

  async begin(userId: string, key: string, route: string, bodyHash: string): Promise<Begin> {
    const deadline = performance.now() + WAIT_MS;
    for (;;) {
      if (performance.now() >= deadline) return { kind: 'busy' };
      const now = this.clock.now();
      if (await insertPendingKey(this.db, { userId, key, route, bodyHash, now, expiresAt: now + KEY_TTL_MS })) return { kind: 'run' };
      const row = await findKey(this.db, userId, key);
      if (!row) continue; // given back between our insert and read: try again
      if (row.expires_at <= now) {
        await deleteExpiredKey(this.db, userId, key, now);
        continue;
      }
      if (row.route !== route || row.body_hash !== bodyHash) return { kind: 'mismatch' };
      if (row.state === 'done') return { kind: 'replay', row };
      if (row.created_at <= now - STALE_MS) {
        if (await takeOverStaleKey(this.db, userId, key, row.created_at, now)) return { kind: 'run' };
        continue;
      }
      await this.waitOn(userId, key);
    }
  }

  async complete(userId: string, key: string, answer: { status: number; contentType: string | null; response: string }): Promise<void> {
    try {
      await completeKey(this.db, userId, key, answer);
    } finally {
      this.wake(userId, key);
    }
  }

  async release(userId: string, key: string): Promise<void> {
    try {
      await releaseKey(this.db, userId, key);
    } finally {
      this.wake(userId, key);
    }
  }

  /** Deletes the expired keys (any instance may run it: a plain conditional delete). */
  purgeExpired(): Promise<number> {
    return deleteExpiredKeys(this.db, this.clock.now());
  }

  /** Until this instance settles the key, or a poll's time (the holder may be another instance). */
  private waitOn(userId: string, key: string): Promise<void> {
    const id = `${userId}\n${key}`;
    return new Promise((resolve) => {
      const set = this.waiters.get(id) ?? new Set();
      this.waiters.set(id, set);
      const done = () => {
        clearTimeout(timer);
        set.delete(done);
        if (set.size === 0) this.waiters.delete(id);
        resolve();
      };
      const timer = setTimeout(done, POLL_MS);
      set.add(done);
    });
  }

  private wake(userId: string, key: string): void {
    for (const done of [...(this.waiters.get(`${userId}\n${key}`) ?? [])]) done();
  }
}

/** JSON with its object keys sorted, so the same body hashes the same whatever its key order. */
function canonical(value: unknown): string {
  if (value === undefined) return '';
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonical(v))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function requestHash(request: FastifyRequest, body = canonical(request.body)): string {
  return createHash('sha256').update(`${request.method}\n${request.url}\n${body}`).digest('hex');
}

function headerKey(request: FastifyRequest): string | null | undefined {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return undefined;
  return typeof raw === 'string' && IDEMPOTENCY_KEY_PATTERN.test(raw) ? raw : null;
}

function replay(reply: FastifyReply, row: IdempotencyRow): FastifyReply {
  reply.code(row.status ?? 200).header(REPLAYED_HEADER, 'true');
  if (row.content_type) reply.header('content-type', row.content_type);
  return reply.send(row.response ?? '');
}

function asArray<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

const isMultipart = (request: FastifyRequest): boolean => /^multipart\//i.test(request.headers['content-type'] ?? '');

/**
 * Takes the request's key, or answers a repeat with the kept answer (then the reply is sent and the
 * route must not run). The onSend/onResponse hooks keep or give back what it took.
 */
async function takeKey(request: FastifyRequest, reply: FastifyReply, store: IdempotencyStore, bodyHash: () => string): Promise<boolean> {
  const key = headerKey(request);
  if (key === undefined || !request.principal) return false;
  if (key === null) throw new AppError('VALIDATION_FAILED', { details: [{ path: 'Idempotency-Key', code: 'INVALID' }] });
  const userId = request.principal.userId;
  const outcome = await store.begin(userId, key, `${request.method} ${request.url}`.slice(0, ROUTE_MAX), bodyHash());
  if (outcome.kind === 'mismatch') throw new AppError('IDEMPOTENCY_KEY_REUSED');
  if (outcome.kind === 'busy') throw new AppError('IDEMPOTENCY_KEY_IN_PROGRESS', { retryAfterSeconds: 1 });
  if (outcome.kind === 'replay') {
    replay(reply, outcome.row);
    return true;
  }
  request.idempotency = { userId, key };
  return false;
}

/** One part of an upload as the route read it. */
export interface UploadPart {
  field: string;
  data: Buffer;
}

/**
 * For a multipart route, once it has read its parts and before it changes anything: takes the
 * request's Idempotency-Key (the same rules as every other write). True when the request is a repeat
 * already answered: the kept answer has been sent, and the route must return `reply` without running.
 */
export function takeUploadKey(request: FastifyRequest, reply: FastifyReply, parts: readonly UploadPart[]): Promise<boolean> {
  const body = () => `multipart\n${parts.map((p) => `${JSON.stringify(p.field)}:${createHash('sha256').update(p.data).digest('hex')}`).join('\n')}`;
  return takeKey(request, reply, request.server.idempotencyStore, () => requestHash(request, body()));
}

/**
 * Wires the header once for the whole API: every write route registered after this call gets the
 * preHandler (after the route's own auth) and the hooks that keep or give back its key.
 */
export function installIdempotency(app: FastifyInstance, store: IdempotencyStore): void {
  app.decorateRequest('idempotency', null);
  app.decorate('idempotencyStore', store);

  const preHandler: preHandlerAsyncHookHandler = async (request, reply) => {
    // An upload's body is read by its route, which takes the key there (takeUploadKey).
    if (isMultipart(request)) return;
    if (await takeKey(request, reply, store, () => requestHash(request))) return reply;
  };

  const onSend: onSendAsyncHookHandler = async (request, reply, payload) => {
    const held = request.idempotency;
    if (!held) return payload;
    request.idempotency = null;
    const status = reply.statusCode;
    const body =
      payload === null || payload === undefined ? '' : typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
    try {
      if (status >= 200 && status < 300 && request.routeOptions.config.idempotentAnswer === 'withheld') {
        await store.complete(held.userId, held.key, WITHHELD_ANSWER);
      } else if (status >= 200 && status < 300 && body !== null) {
        const type = reply.getHeader('content-type');
        await store.complete(held.userId, held.key, { status, contentType: typeof type === 'string' ? type : null, response: body });
      } else {
        await store.release(held.userId, held.key);
      }
    } catch (err) {
      // The route's work stands and its answer still goes out; a repeat may run it again.
      request.log.error({ err }, 'keeping the idempotent answer failed');
    }
    return payload;
  };

  // A reply that never passed onSend (the connection went first) must not keep its key pending.
  const onResponse: onResponseAsyncHookHandler = async (request) => {
    const held = request.idempotency;
    if (!held) return;
    request.idempotency = null;
    await store.release(held.userId, held.key).catch((err: unknown) => request.log.error({ err }, 'giving back an idempotency key failed'));
  };

  app.addHook('onRoute', (route) => {
    if (!asArray(route.method).some((m) => WRITE_METHODS.has(m))) return;
    route.preHandler = [...asArray(route.preHandler), preHandler];
    route.onSend = [...asArray(route.onSend), onSend];
    route.onResponse = [...asArray(route.onResponse), onResponse];
  });
}
