import { MutationObserver, onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { networkError } from './api-error';
import type { ApiError } from './api-error';

const written = vi.hoisted(() => [] as unknown[]);
vi.mock('./secure-storage', () => ({
  storage: {
    getJson: () => undefined,
    setJson: (_name: string, value: unknown) => written.push(value),
    remove: () => undefined,
  },
}));

const { queryClient, startQueryPersistence } = await import('./query-client');

interface Kept {
  queries: { queryKey: unknown[]; state: { data: unknown; status: string } }[];
}
const lastWritten = () => written.at(-1) as Kept | undefined;
const home = ['home'];

describe('the kept copy of what the screens show (offline start)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    startQueryPersistence();
    written.length = 0;
  });
  afterEach(async () => {
    await vi.runAllTimersAsync();
    vi.useRealTimers();
    queryClient.clear();
  });

  it('is written within 300 ms of a change even while other updates keep coming', async () => {
    const cache = queryClient.getQueryCache();
    const query = cache.build(queryClient, { queryKey: home, meta: { persist: true } });
    query.setData({ lastUpdated: 1 });
    // Another persisted query polled every 100 ms for a second: a debounce would never write.
    const other = cache.build(queryClient, { queryKey: ['alerts'], meta: { persist: true } });
    for (let i = 0; i < 10; i++) {
      other.setData({ n: i });
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(written.length).toBeGreaterThanOrEqual(3);
    expect(lastWritten()?.queries.find((q) => q.queryKey[0] === 'home')?.state.data).toEqual({ lastUpdated: 1 });
  });

  it('is written at once when the signal goes', () => {
    const query = queryClient.getQueryCache().build(queryClient, { queryKey: home, meta: { persist: true } });
    query.setData({ lastUpdated: 3 });
    expect(written).toEqual([]);
    window.dispatchEvent(new Event('offline'));
    expect(lastWritten()?.queries.find((q) => q.queryKey[0] === 'home')?.state.data).toEqual({ lastUpdated: 3 });
  });

  it('keeps the last data shown when the latest fetch failed (the signal went), as a success', async () => {
    const query = queryClient.getQueryCache().build(queryClient, { queryKey: home, meta: { persist: true } });
    query.setData({ lastUpdated: 2 });
    query.setState({ status: 'error', error: new Error('offline'), fetchStatus: 'idle' });
    await vi.advanceTimersByTimeAsync(300);
    const kept = lastWritten()?.queries.find((q) => q.queryKey[0] === 'home');
    expect(kept?.state).toMatchObject({ data: { lastUpdated: 2 }, status: 'success' });
  });
});

describe('a write made with no signal', () => {
  afterEach(() => {
    onlineManager.setOnline(true);
    queryClient.clear();
  });

  it('runs and fails with its error (the form says no internet) instead of pausing with Save spinning', async () => {
    onlineManager.setOnline(false);
    const observer = new MutationObserver(queryClient, { mutationFn: () => Promise.reject(networkError(new TypeError('Failed to fetch'))) });
    const done = observer.mutate().catch(() => undefined);
    await vi.waitFor(() => expect(observer.getCurrentResult().status).toBe('error'));
    expect(observer.getCurrentResult().isPaused).toBe(false);
    expect((observer.getCurrentResult().error as ApiError).isNetwork).toBe(true);
    await done;
  });
});
