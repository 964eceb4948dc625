import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';

/**
 * For a test of a query's refresh interval: each test runs on fake timers, fetch answers with
 * `body(n)` for the n-th request and records the URL in `asked`, and `wrapper` gives renderHook a
 * fresh query client. Call at the top level of a test file.
 */
export function pollEachTest(body: (n: number) => unknown): { asked: string[]; wrapper: () => (props: { children: ReactNode }) => ReactNode } {
  const asked: string[] = [];
  let client: QueryClient | undefined;
  beforeEach(() => {
    asked.length = 0;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        asked.push(String(input));
        return new Response(JSON.stringify(body(asked.length)), { status: 200, headers: { 'Content-Type': 'application/json', ETag: `"${asked.length}"` } });
      }),
    );
  });
  afterEach(() => {
    client?.clear();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
  const wrapper = () => {
    const fresh = new QueryClient({ defaultOptions: { queries: { retry: false, networkMode: 'offlineFirst' } } });
    client = fresh;
    return ({ children }: { children: ReactNode }) => <QueryClientProvider client={fresh}>{children}</QueryClientProvider>;
  };
  return { asked, wrapper };
}
