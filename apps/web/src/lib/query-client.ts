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
    mutations: { retry: false },
  },
});

let started = false;
let writeTimer: ReturnType<typeof setTimeout> | undefined;

function save(): void {
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: (q) => q.state.status === 'success' && q.meta?.persist === true,
  });
  if (state.queries.length === 0) storage.remove(CACHE_KEY);
  else storage.setJson(CACHE_KEY, state);
}

/** Restores the kept data once and keeps it up to date afterwards. */
export function startQueryPersistence(): void {
  if (started) return;
  started = true;
  const saved = storage.getJson<Parameters<typeof hydrate>[1]>(CACHE_KEY);
  if (saved) hydrate(queryClient, saved);
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.query.meta?.persist !== true) return;
    clearTimeout(writeTimer);
    writeTimer = setTimeout(save, 300);
  });
  onSessionEnd(() => {
    clearTimeout(writeTimer);
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
