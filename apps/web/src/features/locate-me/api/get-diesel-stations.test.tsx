import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { storage } from '../../../lib/secure-storage';
import { useDieselStations } from './get-diesel-stations';

beforeAll(() => storage.load());
afterEach(() => vi.unstubAllGlobals());

describe('diesel stations near the tractor', () => {
  it("asks for the addresses in the owner's language, and again when it changes", async () => {
    const asked: URL[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://localhost');
        asked.push(url);
        const address = url.searchParams.get('language') === 'ta' ? 'நாசிக் ரோடு, பிம்பல்காவ் பஸ்வந்த்' : 'Nashik Road, Pimpalgaon Baswant';
        const body = { data: [{ name: 'Bharat Petroleum Krushi Fuels', latitude: 20.16, longitude: 73.98, distanceM: 700, address }] };
        return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result, rerender } = renderHook(({ lang }) => useDieselStations({ lat: 20.1667, lon: 73.9833 }, lang), { wrapper, initialProps: { lang: 'en' } });
    await waitFor(() => expect(result.current.data?.[0]?.address).toBe('Nashik Road, Pimpalgaon Baswant'));
    rerender({ lang: 'ta' });
    await waitFor(() => expect(result.current.data?.[0]?.address).toBe('நாசிக் ரோடு, பிம்பல்காவ் பஸ்வந்த்'));
    expect(asked.map((u) => u.searchParams.get('language'))).toEqual(['en', 'ta']);
  });
});
