import type { TokenResponse, UserData } from '@tractorlink/domain/auth';
import { env } from '../config/env';
import { ApiError, networkError, toApiError } from './api-error';
import { isOnline } from './connectivity';
import { closeAllDialogs } from './dialogs';
import { storage } from './secure-storage';
import { createStore } from './store';
import { VOICE_CACHE } from './voice-cache';

/**
 * The session (spec §4, DESIGN §7). The access token lives only in this module's memory; the refresh
 * token is an httpOnly cookie the browser sends to POST refreshtoken. `refreshCall` === 'true' says a
 * session exists: in the encrypted storage when "remember me" was chosen, otherwise in sessionStorage
 * so that it ends with the browser.
 */

type SessionStatus = 'unknown' | 'signedIn' | 'signedOut';

const REFRESH_FLAG = 'refreshCall';
/** A refresh that hangs on a 2G link is treated as offline rather than blocking the app for ever. */
const REFRESH_TIMEOUT_MS = 20_000;

const status = createStore<SessionStatus>('unknown');
let accessToken: string | null = null;
let inflight: Promise<string> | null = null;
let timer: ReturnType<typeof setInterval> | undefined;
let goToLogin: (error?: unknown) => void = () => {
  window.location.hash = '#/login';
};
const endListeners = new Set<() => void>();
/** Push refetches under way (afterPush): a refresh started meanwhile is one "after push". */
let pushRefetches = 0;
/** A refusal met by a refresh after push, kept to end the session when a screen next needs it. */
let refusedAfterPush: ApiError | null = null;

export const sessionStore = { subscribe: status.subscribe, getSnapshot: status.get };

export function getAccessToken(): string | null {
  return accessToken;
}

/** The app's router takes over navigation to the login screen once it exists. */
export function setLoginNavigator(navigate: (error?: unknown) => void): void {
  goToLogin = navigate;
}

/** Called when a session ends, e.g. to drop cached server data held elsewhere. */
export function onSessionEnd(listener: () => void): () => void {
  endListeners.add(listener);
  return () => endListeners.delete(listener);
}

function readSessionFlag(): boolean {
  try {
    if (sessionStorage.getItem(REFRESH_FLAG) === 'true') return true;
  } catch {
    // sessionStorage can be blocked; the encrypted storage still answers.
  }
  return storage.get(REFRESH_FLAG) === 'true';
}

function writeSessionFlag(rememberMe: boolean | null): void {
  try {
    if (rememberMe === false) sessionStorage.setItem(REFRESH_FLAG, 'true');
    else sessionStorage.removeItem(REFRESH_FLAG);
  } catch {
    // Ignored: without sessionStorage a not-remembered session lasts only this page.
  }
  if (rememberMe) storage.set(REFRESH_FLAG, 'true');
  else storage.remove(REFRESH_FLAG);
}

/** The last known owner (shown offline). */
export function getCachedUser(): UserData | undefined {
  return storage.getJson<UserData>('userData');
}

function applyTokens(res: TokenResponse): void {
  accessToken = res.access_token;
  refusedAfterPush = null;
  storage.setJson('userData', res.user);
  storage.set('mobNum', res.user.mobileNo);
  status.set('signedIn');
}

/** After login or registration. */
export function startSession(res: TokenResponse, rememberMe: boolean): void {
  writeSessionFlag(rememberMe);
  applyTokens(res);
  startRefreshTimer();
}

/** Answers to a refresh that say "not now" rather than "no": the session is kept and tried again later. */
const isPassing = (status: number): boolean => status >= 500 || status === 429 || status === 408;

async function callRefresh(afterPushOnly: boolean): Promise<string> {
  let res: Response;
  try {
    res = await fetch(`${env.apiBase}refreshtoken`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(REFRESH_TIMEOUT_MS),
    });
  } catch (error) {
    // Offline: keep the session and the cached data (offline first); retried when back online.
    throw networkError(error);
  }
  if (!res.ok) {
    const error = await toApiError(res);
    // The server said no (401 expired/revoked…): the session is over. A 5xx, or too many requests
    // from one address (owners behind one carrier NAT share it), is a passing fault. After a push
    // the refusal is silently ignored (spec §8): kept, it ends the session at the next need (below).
    if (!isPassing(res.status)) {
      if (afterPushOnly) refusedAfterPush = error;
      else endSession(error);
    }
    throw error;
  }
  const body = (await res.json()) as TokenResponse;
  applyTokens(body);
  return body.access_token;
}

/**
 * One tab of the browser refreshes at a time (Web Locks): tabs share the refresh cookie, so the
 * next one sends the cookie the first one's answer set and rotates it in turn, instead of sending
 * the same one at once. Where Web Locks are missing the server's short grace for a just-rotated
 * token covers the race.
 */
function oneTabAtATime<T>(run: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks?.request ? locks.request('tractorlink-refresh', run) : run();
}

/**
 * One refresh at a time (spec §4): callers arriving while one runs share its result. `staleToken`
 * is the token a failed request carried; if another caller already replaced it, no new refresh runs.
 * The refresh call itself is never retried.
 */
export function refreshAccessToken(staleToken?: string | null): Promise<string> {
  if (inflight) return inflight;
  if (staleToken !== undefined && accessToken && accessToken !== staleToken) return Promise.resolve(accessToken);
  if (refusedAfterPush) {
    // The server already refused (after a push): not asked again (spec §4, not retried). Another
    // push's refetch is still ignored; anything else (a screen, the timer) ends the session now.
    const refusal = refusedAfterPush;
    if (pushRefetches === 0) endSession(refusal);
    return Promise.reject(refusal);
  }
  const afterPushOnly = pushRefetches > 0;
  inflight = oneTabAtATime(() => callRefresh(afterPushOnly)).finally(() => {
    inflight = null;
  });
  return inflight;
}

/**
 * Runs the refetch a push message asks for (spec §4 "on push-message receipt, unread alerts are
 * refetched"). Spec §8: "refresh-token and alert-fetch failures after push are silently ignored",
 * a rule for this case that §4's sign-out on a refused refresh does not override: a token refresh
 * started while `run` goes (a 401 of the refetch) that the server refuses does not end the session
 * or leave the screen; the refusal is kept instead, and the next request that needs a token (a
 * screen's, the refresh timer's) ends the session with it without asking the server again (spec
 * §4: a refresh-token call that fails is not retried). So a revoked session lasts only until a
 * screen asks for something.
 */
export async function afterPush<T>(run: () => Promise<T>): Promise<T> {
  pushRefetches += 1;
  try {
    return await run();
  } finally {
    pushRefetches -= 1;
  }
}

/** Ends the session on this device without asking the server (spec §4 clean-up). */
export function endSession(error?: unknown): void {
  accessToken = null;
  refusedAfterPush = null;
  stopRefreshTimer();
  writeSessionFlag(null);
  const hadMobile = storage.get('mobNum') !== undefined;
  // Dialogs close before the storage is cleared: what one saves as it closes (a ringing reminder's
  // popup dismisses its alarm, writing the owner's reminders) goes with the rest.
  closeAllDialogs();
  storage.clearExceptKept();
  // Cache Storage is not encrypted: the spoken texts (in the URLs) go with the session.
  void globalThis.caches?.delete(VOICE_CACHE).catch(() => undefined);
  // A returning owner (number saved) has seen the coach marks; a newcomer gets them.
  storage.setAllCoachMarksHidden(hadMobile);
  for (const l of [...endListeners]) l();
  status.set('signedOut');
  goToLogin(error);
}

function startRefreshTimer(): void {
  stopRefreshTimer();
  timer = setInterval(() => {
    if (!readSessionFlag() || !isOnline()) return;
    // Failures are handled inside (4xx ends the session); nothing else to do here.
    refreshAccessToken().catch(() => undefined);
  }, env.tokenRefreshIntervalMs);
}

function stopRefreshTimer(): void {
  if (timer !== undefined) clearInterval(timer);
  timer = undefined;
}

function retryWhenOnline(): void {
  window.addEventListener(
    'online',
    () => {
      if (readSessionFlag()) refreshAccessToken().catch(() => undefined);
    },
    { once: true },
  );
}

/**
 * Decides the session before the route guard runs: with a stored session, ask for an access token.
 * A 401 signs out; no network keeps the owner signed in with cached data.
 */
export async function bootSession(): Promise<void> {
  if (!readSessionFlag()) {
    status.set('signedOut');
    return;
  }
  try {
    await refreshAccessToken();
    startRefreshTimer();
  } catch (error) {
    if (error instanceof ApiError && (error.isNetwork || isPassing(error.status))) {
      status.set('signedIn');
      startRefreshTimer();
      retryWhenOnline();
    }
    // Otherwise callRefresh already ended the session.
  }
}

/** For tests: forget everything held in memory. */
export function resetSessionForTests(): void {
  accessToken = null;
  inflight = null;
  pushRefetches = 0;
  refusedAfterPush = null;
  stopRefreshTimer();
  status.set('unknown');
  endListeners.clear();
}

export function setAccessTokenForTests(token: string | null): void {
  accessToken = token;
}
