import { describe, expect, it, vi } from 'vitest';

/** What the phone kept when the app was last closed: the home answer, fetched a moment ago. */
const kept = vi.hoisted(() => ({
  mutations: [],
  queries: [
    {
      queryKey: ['home'],
      queryHash: '["home"]',
      meta: { persist: true },
      state: {
        data: { tractors: 0 },
        dataUpdatedAt: Date.now(),
        dataUpdateCount: 1,
        error: null,
        errorUpdatedAt: 0,
        errorUpdateCount: 0,
        fetchFailureCount: 0,
        fetchFailureReason: null,
        fetchMeta: null,
        isInvalidated: false,
        status: 'success',
        fetchStatus: 'idle',
      },
    },
  ],
}));
vi.mock('./secure-storage', () => ({
  storage: { getJson: () => kept, setJson: () => undefined, remove: () => undefined },
}));

const { queryClient, startQueryPersistence } = await import('./query-client');

describe('opening the app', () => {
  it('shows what was kept at once, and asks for it again when a screen opens, however fresh it was', () => {
    startQueryPersistence();
    const state = queryClient.getQueryState(['home']);
    expect(state?.data).toEqual({ tractors: 0 });
    expect(state?.isInvalidated).toBe(true);
    expect(state?.fetchStatus).toBe('idle');
  });
});
