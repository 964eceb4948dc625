import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';
import { isOffline } from '../../lib/query-client';
import { tractorHomepage } from '../../test/tractor';
import { ANSWER_WAIT_MS, gatherFacts } from './sources';

/** Ask me on a weak signal: a request that hangs must not keep "Finding the answer…" on the screen for minutes. */

const VIN = 'MBNTL45SLN0000123';

describe('a weak signal: the answer never waits longer than the loader (spec §9, 6 s)', () => {
  const never = () =>
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_input: RequestInfo | URL, init?: RequestInit) =>
          new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
      ),
    );

  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('answers from what the phone holds once the link has kept it waiting 6 s', async () => {
    never();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, networkMode: 'offlineFirst' } } });
    const held = tractorHomepage({ dieselLevel: 40, dieselLitres: 24 });
    client.setQueryData(queryKeys.tractorHome(VIN), { etag: '"1"', body: held });
    // Held from two minutes ago: past its freshness, so it is asked again.
    vi.setSystemTime(Date.now() + 120_000);
    let facts: unknown;
    void gatherFacts(client, ['home'], VIN, 'Sheru', 'en').then((f) => {
      facts = f;
    });
    await vi.advanceTimersByTimeAsync(ANSWER_WAIT_MS - 100);
    expect(facts).toBeUndefined();
    await vi.advanceTimersByTimeAsync(100);
    expect(facts).toEqual({ name: 'Sheru', home: held });
  });

  it('with nothing held, it gives up after 6 s as offline (the answer then says to check the internet)', async () => {
    never();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, networkMode: 'offlineFirst' } } });
    let failure: unknown;
    void gatherFacts(client, ['today', 'alerts'], VIN, 'Sheru', 'en').catch((e: unknown) => {
      failure = e;
    });
    await vi.advanceTimersByTimeAsync(ANSWER_WAIT_MS);
    expect(isOffline(failure)).toBe(true);
  });
});
