import { env } from '../config/env';
import { ApiError, networkError, toApiError } from './api-error';
import { beginLoading } from './loading';
import { getAccessToken, refreshAccessToken, sessionStore } from './session';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  /** Protected calls carry the access token and refresh it on a 401 (default true). */
  auth?: boolean;
  signal?: AbortSignal;
  /** A held ETag: the server answers 304 (no body) when nothing changed, and that is not a failure. */
  ifNoneMatch?: string | undefined;
  /** A write's own key (the outbox's): sent again with it, the server applies it once. */
  idempotencyKey?: string;
  /** How long the loading bar waits for this call (spec §9: 6 s, history 13 s). */
  loaderTimeoutMs?: number;
}

async function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (options.auth !== false && token) headers.Authorization = `Bearer ${token}`;
  if (options.ifNoneMatch) headers['If-None-Match'] = options.ifNoneMatch;
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  return fetch(env.apiBase + path, {
    method: options.method ?? (body ? 'POST' : 'GET'),
    headers,
    body,
    credentials: 'same-origin',
    signal: options.signal,
    // Our own If-None-Match must reach the server and its 304 reach us, not the HTTP cache.
    ...(options.ifNoneMatch ? { cache: 'no-store' as const } : {}),
  });
}

/**
 * Lets go of an answer that will not be read: an unread body keeps its connection busy until it has
 * all arrived, and on a slow link the browser has only six connections to the server.
 */
function discard(res: Response): Promise<void> {
  return res.body ? res.body.cancel().catch(() => undefined) : Promise.resolve();
}

/** A response and the access token its request carried (the one a 401 of it calls stale). */
interface Sent {
  res: Response;
  token: string | null;
}

/**
 * Spec §8's "other errors", after the 401 it names: the failures that are not the server's answer to
 * what was asked. No answer at all (offline, 'Unknown Error'), a server fault (5xx) and 408 (the
 * request did not reach the server whole, so nothing of it was done). A refusal (400, 403, 404, 409,
 * 423, 429 …) is the server's answer to this very request: sent again it gets the same answer, and a
 * wrong PIN or OTP would count twice against its tries (DESIGN §7); a 429 says to wait minutes, and
 * its Retry-After goes to the caller to show.
 */
const sentAgainOnce = (status: number): boolean => status >= 500 || status === 408;

/**
 * Spec §8: a request that failed for another reason than a refusal (network, 5xx, 408) is sent once
 * more, with its headers built again: with the token held now, which a refresh run for another call
 * while this one was out may have replaced (sent with the old one it would meet a 401 and go a third time).
 */
async function sendWithOneRetry(path: string, options: RequestOptions, token: string | null): Promise<Sent> {
  try {
    const res = await send(path, options, token);
    if (!sentAgainOnce(res.status)) return { res, token };
    void discard(res);
  } catch (error) {
    if (options.signal?.aborted) throw error;
  }
  const rebuilt = options.auth === false ? token : getAccessToken();
  try {
    return { res: await send(path, options, rebuilt), token: rebuilt };
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw networkError(error);
  }
}

/**
 * Calls the API. On a 401 of a protected call it waits for the single shared token refresh and
 * retries once; if the refresh fails, its error is passed on (the session has then been ended).
 * Signed out, a 401 is passed on as it came.
 */
export async function apiRequest(path: string, options: RequestOptions = {}): Promise<Response> {
  const done = beginLoading(options.loaderTimeoutMs);
  let failed = true;
  try {
    const first = await sendWithOneRetry(path, options, getAccessToken());
    let res = first.res;
    // Once a refused refresh has ended the session, a late 401 of a call sent before it is that
    // call's own answer: refreshing again would retry the failed refresh (spec §4) and send the
    // owner back to the login screen from wherever they had gone since.
    if (res.status === 401 && options.auth !== false && sessionStore.getSnapshot() !== 'signedOut') {
      void discard(res);
      const fresh = await refreshAccessToken(first.token);
      res = (await sendWithOneRetry(path, options, fresh)).res;
    }
    if (!res.ok && !(res.status === 304 && options.ifNoneMatch)) throw await toApiError(res);
    failed = false;
    return res;
  } finally {
    // A call its caller dropped (the screen left, a newer search typed) did not fail: nobody waits on
    // it, so the loading bar is not held the 1.5 s of a failure (spec §8) over the next screen.
    done(failed && !options.signal?.aborted);
  }
}

export async function apiJson<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const res = await apiRequest(path, options);
  try {
    return (await res.json()) as T;
  } catch {
    throw new ApiError(res.status, 'UNKNOWN', 'Unreadable answer');
  }
}

/** An answer with its ETag, kept together so the next poll can ask "changed since?". */
export interface Tagged<T> {
  etag: string | null;
  body: T;
}

/**
 * GET with If-None-Match: a 304 returns what we held (same object, so nothing re-renders); a
 * change returns the new body and ETag. The home poll costs a few hundred bytes when nothing moved.
 */
export async function apiConditional<T>(path: string, held: Tagged<T> | undefined, signal?: AbortSignal, loaderTimeoutMs?: number): Promise<Tagged<T>> {
  const res = await apiRequest(path, { signal, ifNoneMatch: held?.etag ?? undefined, loaderTimeoutMs });
  if (res.status === 304 && held) return held;
  try {
    return { etag: res.headers.get('etag'), body: (await res.json()) as T };
  } catch {
    throw new ApiError(res.status, 'UNKNOWN', 'Unreadable answer');
  }
}
