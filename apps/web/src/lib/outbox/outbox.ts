import { useMemo, useSyncExternalStore } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import { isErrorCode } from '@tractorlink/domain/errors';
import { apiRequest } from '../api-client';
import { ApiError } from '../api-error';
import { isOnline } from '../connectivity';
import { queryClient } from '../query-client';
import { storage } from '../secure-storage';
import { onSessionEnd, sessionStore } from '../session';
import { createStore } from '../store';
import { requestBody } from './multipart';
import { bySeq, insert, orphans, resolveLocalId, withDependents, withIds } from './queue';
import type { IdMap } from './queue';
import { replay, retryDelayMs } from './replay';
import type { ReplayDeps } from './replay';
import { waitingCount } from './summary';
import { OUTBOX_SYNC_TAG, isReplayRequest } from './sync-message';
import type { OutboxReplayAnswer } from './sync-message';
import type { OutboxEntry, Refusal, WriteRequest, WriteResult } from './types';

/**
 * The outbox (issue 19 item 1; README.md beside this file): every write an owner makes goes here
 * first, is kept encrypted on the phone (one secure-storage name per entry, so two tabs never
 * overwrite each other's), and is sent in order with its Idempotency-Key — at once when online, else
 * when the connection returns (`online`), when the app starts and when the service worker's
 * Background Sync asks. A write the server refuses stays, with the reason, for the owner to edit or
 * discard; a lost network or a server fault stops the queue (order kept) and tries again later.
 */

const ENTRY_PREFIX = 'outbox.';
const IDS_KEY = 'outboxIds';
/** Local ids the server named, kept for screens still open on one (the newest this many). */
const IDS_KEPT = 100;
/** How long a Save waits for the server before it says 'saved on this phone' instead. */
const ANSWER_WAIT_MS = 8_000;

interface State {
  entries: readonly OutboxEntry[];
  ids: IdMap;
}

const state = createStore<State>({ entries: [], ids: {} });
let loaded = false;

const isEntry = (v: unknown): v is OutboxEntry =>
  typeof v === 'object' && v !== null && typeof (v as OutboxEntry).id === 'string' && typeof (v as OutboxEntry).path === 'string';

function current(): State {
  if (!loaded) {
    loaded = true;
    const entries = storage
      .names(ENTRY_PREFIX)
      .map((name) => storage.getJson<unknown>(name))
      .filter(isEntry)
      .sort(bySeq);
    const value = { entries, ids: storage.getJson<Record<string, string>>(IDS_KEY) ?? {} };
    state.set(value);
    waitingCount.set(entries.filter((e) => !e.refusal).length);
  }
  return state.get();
}

/** Keeps `entries` (only what changed is written) and shows them. */
function commit(entries: readonly OutboxEntry[], ids: IdMap = current().ids): void {
  const before = new Map(current().entries.map((e) => [e.id, e]));
  for (const e of entries) {
    if (before.get(e.id) !== e) storage.setJson(ENTRY_PREFIX + e.id, e);
    before.delete(e.id);
  }
  for (const id of before.keys()) storage.remove(ENTRY_PREFIX + id);
  if (ids !== current().ids) storage.setJson(IDS_KEY, ids);
  state.set({ entries, ids });
  waitingCount.set(entries.filter((e) => !e.refusal).length);
}

function update(id: string, change: (e: OutboxEntry) => OutboxEntry): void {
  commit(current().entries.map((e) => (e.id === id ? change(e) : e)));
}

function refetch(entries: readonly OutboxEntry[]): void {
  for (const e of entries) for (const key of e.invalidate) void queryClient.invalidateQueries({ queryKey: key as QueryKey });
}

/** The entries now, in sending order (for overlays: what lists show before the server has it). */
export const outboxEntries = (): readonly OutboxEntry[] => current().entries;

/** The server's id for an item made on this phone, once it has named it. */
export const serverIdOf = (localId: string): string | undefined => current().ids[localId];

/** Puts a write in the outbox (kept at once) and returns its entry; `submitWrite` also sends it. */
export function enqueue(request: WriteRequest): OutboxEntry {
  const { entries, ids } = current();
  const now = Date.now();
  const raw: OutboxEntry = {
    id: crypto.randomUUID(),
    seq: Math.max(now, (entries.at(-1)?.seq ?? 0) + 1),
    key: crypto.randomUUID(),
    kind: request.kind,
    method: request.method,
    path: request.path,
    target: request.target,
    label: request.label,
    invalidate: request.invalidate ?? [],
    createdAt: now,
    attempts: 0,
  };
  if (request.body !== undefined) raw.body = request.body;
  if (request.file !== undefined) raw.file = request.file;
  if (request.localId !== undefined) raw.localId = request.localId;
  if (request.editPath !== undefined) raw.editPath = request.editPath;
  const entry = withIds(raw, ids);
  const supersedes = request.supersedes ?? ((e: OutboxEntry) => e.kind === entry.kind && e.target === entry.target);
  const { entries: next, added } = insert(entries, entry, supersedes);
  commit(next);
  return added;
}

/** Drops an entry (and, for a create, what waits on its item) and refetches what it had changed on screen. */
export function discard(id: string): void {
  const { entries } = current();
  const entry = entries.find((e) => e.id === id);
  if (!entry) return;
  const gone = withDependents(entries, entry);
  commit(entries.filter((e) => !gone.includes(e)));
  refetch(gone);
}

type Settled = { kind: 'applied'; body: unknown } | { kind: 'refused'; refusal: Refusal } | { kind: 'later' };
const watchers = new Map<string, Set<(s: Settled) => void>>();
const stallWatchers = new Set<() => void>();

function settle(id: string, s: Settled): void {
  for (const w of [...(watchers.get(id) ?? [])]) w(s);
}

/** Calls `then` once, with what became of the entry (or 'later' when the queue stops before it). */
function watch(id: string, then: (s: Settled) => void): () => void {
  const set = watchers.get(id) ?? new Set();
  watchers.set(id, set);
  const stop = () => {
    set.delete(once);
    if (set.size === 0) watchers.delete(id);
    stallWatchers.delete(stalled);
  };
  const once = (s: Settled) => {
    stop();
    then(s);
  };
  const stalled = () => once({ kind: 'later' });
  set.add(once);
  stallWatchers.add(stalled);
  return stop;
}

function refusalError(r: Refusal): ApiError {
  return new ApiError(r.status, isErrorCode(r.code) ? r.code : 'UNKNOWN', r.message, undefined, r.details);
}

/**
 * useMutation options of every write through the outbox: it runs offline too. React-query pauses a
 * mutation while offline by default, which is what left Save spinning for ever.
 */
export const runsOffline = { networkMode: 'always' } as const;

export interface SubmitOptions {
  /** Called once the write is kept, before it is sent: the place to show it at once (the query cache). */
  onKept?: (entry: OutboxEntry) => void;
  /** How long to wait for the server's answer while online (default 8 s). */
  waitMs?: number;
}

/**
 * Keeps a write and sends it. Online, it waits up to a few seconds for the server: applied, it
 * resolves with the answer; refused, it throws the ApiError and drops the entry (the open form keeps
 * the owner's values and shows why). Offline, or with no answer in time, it resolves 'queued' once the
 * write is safely on the phone: the Save is over, and the outbox sends it later.
 */
export async function submitWrite<T>(request: WriteRequest, options: SubmitOptions = {}): Promise<WriteResult<T>> {
  const entry = enqueue(request);
  options.onKept?.(entry);
  await storage.flush();
  const waitMs = options.waitMs ?? ANSWER_WAIT_MS;
  const queued = (): WriteResult<T> => ({ state: 'queued', entry: current().entries.find((e) => e.id === entry.id) ?? entry });
  if (!isOnline() || sessionStore.getSnapshot() !== 'signedIn') {
    registerSync();
    return queued();
  }
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      resolve(queued());
    }, waitMs);
    const stop = watch(entry.id, (s) => {
      clearTimeout(timer);
      if (s.kind === 'applied') resolve({ state: 'applied', body: s.body as T });
      else if (s.kind === 'later') resolve(queued());
      else {
        discard(entry.id);
        reject(refusalError(s.refusal));
      }
    });
    void flush();
  });
}

async function bodyOf(res: Response): Promise<unknown> {
  if (res.status === 204) return null;
  try {
    return (await res.json()) as unknown;
  } catch {
    return null;
  }
}

const idIn = (body: unknown): string | undefined => {
  const id = (body as { id?: unknown } | null)?.id;
  return typeof id === 'string' ? id : undefined;
};

const deps: ReplayDeps = {
  entries: () => {
    const { entries, ids } = current();
    const lost = orphans(entries, ids);
    if (lost.length > 0) commit(entries.filter((e) => !lost.includes(e)));
    return current().entries;
  },
  ids: () => current().ids,
  attempted: (entry) => update(entry.id, (e) => ({ ...e, attempts: e.attempts + 1 })),
  send: async (entry) => {
    const e = withIds(entry, current().ids);
    // A file goes as multipart/form-data, rebuilt from what was kept (the same bytes and key each time).
    const res = await apiRequest(e.path, { method: e.method, body: requestBody(e), idempotencyKey: e.key });
    return { kind: 'applied', body: await bodyOf(res) };
  },
  applied: (entry, body) => {
    let { entries, ids } = current();
    entries = entries.filter((e) => e.id !== entry.id);
    const serverId = idIn(body);
    if (entry.localId && serverId) {
      entries = resolveLocalId(entries, entry.localId, serverId);
      ids = Object.fromEntries([...Object.entries(ids), [entry.localId, serverId]].slice(-IDS_KEPT));
    }
    commit(entries, ids);
    refetch([entry]);
    settle(entry.id, { kind: 'applied', body });
  },
  refused: (entry, refusal) => {
    update(entry.id, (e) => ({ ...e, refusal }));
    settle(entry.id, { kind: 'refused', refusal });
  },
};

/** One tab sends at a time (Web Locks); another tab's copies of the same writes are replays the server answers alike. */
function oneTabAtATime<T>(run: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks?.request ? locks.request('tractorlink-outbox', run) : run();
}

let running: Promise<void> | null = null;
let again = false;
let failures = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

function stalled(): void {
  for (const w of [...stallWatchers]) w();
  registerSync();
}

async function passes(): Promise<void> {
  do {
    again = false;
    if (current().entries.length === 0) return;
    if (!isOnline() || sessionStore.getSnapshot() !== 'signedIn') {
      stalled();
      return;
    }
    clearTimeout(retryTimer);
    const result = await oneTabAtATime(() => replay(deps));
    if (result === 'retry') {
      failures += 1;
      retryTimer = setTimeout(() => void flush(), retryDelayMs(failures));
      stalled();
      return;
    }
    failures = 0;
  } while (again);
}

/** Sends what waits, in order; one run at a time (a call during a run asks for one more pass). */
export function flush(): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  // Cleared in a later microtask, never before it is set (a run may end without awaiting anything).
  const run = passes().finally(() => {
    if (running === run) running = null;
  });
  running = run;
  return run;
}

interface SyncCapable {
  sync?: { register(tag: string): Promise<void> };
}

/** Asks the browser to wake the service worker when the connection returns (where Background Sync exists). */
function registerSync(): void {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker || current().entries.every((e) => e.refusal)) return;
  navigator.serviceWorker.ready.then((r) => (r as ServiceWorkerRegistration & SyncCapable).sync?.register(OUTBOX_SYNC_TAG)).catch(() => undefined);
}

let started = false;

/** Starts the replays: now (app start), on `online`, when the session begins, and when the service worker asks. */
export function startOutbox(): void {
  if (started) return;
  started = true;
  current();
  window.addEventListener('online', () => {
    failures = 0;
    void flush();
  });
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent) => {
    if (!isReplayRequest(event.data)) return;
    const port = event.ports[0];
    void flush().then(() => {
      const answer: OutboxReplayAnswer = { waiting: waitingCount.get() };
      port?.postMessage(answer);
    });
  });
  onSessionEnd(() => {
    // The secure storage forgets the entries with the session; so does memory.
    clearTimeout(retryTimer);
    state.set({ entries: [], ids: {} });
    waitingCount.set(0);
  });
  sessionStore.subscribe(() => {
    if (sessionStore.getSnapshot() === 'signedIn') void flush();
  });
  void flush();
}

/** The entries, kept in step with every change. */
export function useOutboxEntries(): readonly OutboxEntry[] {
  return useSyncExternalStore(state.subscribe, () => current().entries);
}

/** The writes of one item (its target) still on the phone: waiting to go, or refused by the server. */
export function useItemWrites(target: string): { waiting: OutboxEntry[]; refused: OutboxEntry[] } {
  const entries = useOutboxEntries();
  return useMemo(() => {
    const mine = entries.filter((e) => e.target === target);
    return { waiting: mine.filter((e) => !e.refusal), refused: mine.filter((e) => e.refusal) };
  }, [entries, target]);
}

/** For tests: forget the state held in memory (the storage is the tests' to clear). */
export function resetOutboxForTests(): void {
  loaded = false;
  running = null;
  again = false;
  failures = 0;
  clearTimeout(retryTimer);
  watchers.clear();
  stallWatchers.clear();
  state.set({ entries: [], ids: {} });
  waitingCount.set(0);
}
