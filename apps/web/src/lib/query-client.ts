import { QueryClient, dehydrate, hydrate } from '@tanstack/react-query';
import { ApiError } from './api-error';
import { onSessionEnd } from './session';
import { storage } from './secure-storage';

/**
 * Server data for signed-in screens. What a screen shows is kept (encrypted) so the app opens offline
 * with the last known data (DESIGN §1): queries marked `meta: { persist: true }` are written to the
 * secure storage key `queryCache`, which ending a session clears.
 */
const CACHE_KEY = 'queryCache';
const DAY_MS = 24 * 60 * 60 * 1000;

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Show what we have at once; the API client already resends a failed call once (spec §8).
      networkMode: 'offlineFirst',
      retry: false,
      staleTime: 30_000,
      gcTime: 7 * DAY_MS,
    },
    // A write runs at once, online or not: react-query's default ('online') paused it offline, so Save
    // spun for ever with no word (Add tractor, Change PIN, book a service) and Log out never ran.
    // Offline it fails with NETWORK and the form says so; writes meant to wait go through the outbox.
    mutations: { retry: false, networkMode: 'always' },
  },
});

let started = false;
let writeTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * Writes the last known data of each persisted query: a query whose latest fetch failed (the network
 * went away) keeps the data it showed, kept as that success, so a reload offline shows it.
 */
function save(): void {
  writeTimer = undefined;
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: (q) => q.meta?.persist === true && q.state.data !== undefined,
  });
  const queries = state.queries.map((q) =>
    q.state.status === 'success' ? q : { ...q, state: { ...q.state, status: 'success' as const, error: null, fetchStatus: 'idle' as const } },
  );
  if (queries.length === 0) storage.remove(CACHE_KEY);
  else storage.setJson(CACHE_KEY, { ...state, queries });
}

/** Restores the kept data once and keeps it up to date afterwards. */
export function startQueryPersistence(): void {
  if (started) return;
  started = true;
  const saved = storage.getJson<Parameters<typeof hydrate>[1]>(CACHE_KEY);
  if (saved) {
    hydrate(queryClient, saved);
    // Shown at once, and asked again as each screen opens: kept data younger than staleTime would
    // otherwise stand until the next poll (a tractor added on another phone a minute ago missing).
    void queryClient.invalidateQueries({ refetchType: 'none' });
  }
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.query.meta?.persist !== true) return;
    // At most 300 ms after the first change not written: a stream of updates (polls, other screens)
    // must not keep putting the write off until the signal is gone.
    writeTimer ??= setTimeout(save, 300);
  });
  // A write still waiting its 300 ms is started now when the app goes away (closed, reloaded, sent to
  // the background, where a phone may kill it), instead of being lost with the page.
  const saveNowIfPending = () => {
    if (writeTimer === undefined) return;
    clearTimeout(writeTimer);
    save();
  };
  window.addEventListener('pagehide', saveNowIfPending);
  // The signal going is when the kept copy matters: written then, not up to 300 ms later (a reload
  // right after could otherwise start from the copy before the last answer).
  window.addEventListener('offline', saveNowIfPending);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') saveNowIfPending();
  });
  onSessionEnd(() => {
    clearTimeout(writeTimer);
    writeTimer = undefined;
    queryClient.clear();
  });
}

/** Refusals are final; only a lost network is worth showing the cached data for. */
export function isOffline(error: unknown): boolean {
  return error instanceof ApiError && error.isNetwork;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { persist?: boolean };
  }
}
