import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider, focusManager } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { HOME_REFRESH_MS, useTractorHome } from './tractor-home';

const VIN = 'MBNTL45DEM0000001';
const body = { vin: VIN, Veh_Name: 'Kisan 475', engineHours: 120.5 };

interface Call {
  url: string;
  ifNoneMatch: string | undefined;
}

function mockServer() {
  const calls: Call[] = [];
  let etag = '"v1"';
  let current = body;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const ifNoneMatch = (init.headers as Record<string, string>)['If-None-Match'];
      calls.push({ url: String(input), ifNoneMatch });
      if (ifNoneMatch === etag) return new Response(null, { status: 304, headers: { ETag: etag } });
      return new Response(JSON.stringify(current), { status: 200, headers: { 'Content-Type': 'application/json', ETag: etag } });
    }),
  );
  return {
    calls,
    change(next: typeof body, tag: string) {
      current = next;
      etag = tag;
    },
  };
}

function setVisible(visible: boolean) {
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(visible ? 'visible' : 'hidden');
  act(() => {
    // The browser fires it on the document and it bubbles to window, where react-query listens.
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  });
}

function wrapper() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000, networkMode: 'offlineFirst' } } });
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  focusManager.setFocused(undefined);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('home poll (spec §9: 30 s, conditional, paused while hidden)', () => {
  it('asks with If-None-Match every 30 s; a 304 keeps the data as it was', async () => {
    const server = mockServer();
    const { result } = renderHook(() => useTractorHome(VIN), { wrapper: wrapper() });
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(result.current.data).toEqual(body);
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0]?.url).toContain(`tractorhomepage/${VIN}`);
    expect(server.calls[0]?.ifNoneMatch).toBeUndefined();
    const first = result.current.data;

    // The spec's 30000 ms, counted from the first answer (10 ms in).
    await act(() => vi.advanceTimersByTimeAsync(29_980));
    expect(server.calls).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(server.calls).toHaveLength(2);
    expect(server.calls[1]?.ifNoneMatch).toBe('"v1"');
    // 304: the very same object, so nothing re-renders.
    expect(result.current.data).toBe(first);

    server.change({ ...body, engineHours: 121 }, '"v2"');
    await act(() => vi.advanceTimersByTimeAsync(HOME_REFRESH_MS));
    expect(server.calls).toHaveLength(3);
    expect(result.current.data?.engineHours).toBe(121);
  });

  it('does not poll while the page is hidden, and refreshes when it shows again', async () => {
    const server = mockServer();
    renderHook(() => useTractorHome(VIN), { wrapper: wrapper() });
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(server.calls).toHaveLength(1);

    setVisible(false);
    await act(() => vi.advanceTimersByTimeAsync(HOME_REFRESH_MS * 4));
    expect(server.calls).toHaveLength(1);

    setVisible(true);
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(server.calls).toHaveLength(2);
    expect(server.calls[1]?.ifNoneMatch).toBe('"v1"');
  });
});
