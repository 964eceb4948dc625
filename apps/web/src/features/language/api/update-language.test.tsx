import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { storage } from '../../../lib/secure-storage';
import { testOwner } from '../../../test/owner';
import { jsonResponse, signInEachTest } from '../../../test/signed-in';
import { useUpdateLanguage } from './update-language';

beforeAll(async () => {
  await storage.load();
});

signInEachTest(testOwner('en'));

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;

describe('changing the language', () => {
  it("asks again for every answer once the server has the new language: the server's words (places, alert names) follow it", async () => {
    const puts: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init: RequestInit = {}) => {
        puts.push(JSON.parse(String(init.body)));
        return jsonResponse(200, testOwner('ta'));
      }),
    );
    // Answers the phone holds, worded by the server in English ('Shirur, Pune', 'High engine temperature').
    const held = [queryKeys.tractorHome('V1'), queryKeys.tracking, queryKeys.alertList('V1', 'all'), ['hire', 'jobs']] as const;
    for (const key of held) queryClient.setQueryData(key, { words: 'English' });
    const { result } = renderHook(() => useUpdateLanguage(), { wrapper });
    result.current.mutate('ta');
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(puts).toEqual([{ language: 'ta' }]);
    for (const key of held) expect(queryClient.getQueryState(key)?.isInvalidated, JSON.stringify(key)).toBe(true);
  });
});
