import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryKeys } from '../../../lib/query-keys';
import { storage } from '../../../lib/secure-storage';
import { fakeApi } from '../../../test/api';
import { jsonResponse } from '../../../test/signed-in';
import { imageNameOf, useProfileImageUrl } from './get-profile-image';

/** Spec §8 "profile-image errors are ignored": no picture, no message; the initials stand in. */
beforeAll(async () => {
  await storage.load();
});
afterEach(() => vi.unstubAllGlobals());

function renderPicture(imageURL: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return { client, ...renderHook(() => useProfileImageUrl(imageURL), { wrapper }) };
}

describe('the profile picture that cannot be fetched', () => {
  it.each([
    ['a missing picture (404)', 404],
    ['a server fault (503)', 503],
  ])('%s leaves the picture out, quietly', async (_what, status) => {
    const calls = fakeApi(() => jsonResponse(status, { error: { code: status === 404 ? 'NOT_FOUND' : 'INTERNAL', message: 'no' } }));
    const { result, client } = renderPicture('https://tractorlink.example/api/v1/image?imageName=p-1.jpg');
    await waitFor(() => expect(client.getQueryState(queryKeys.image('p-1.jpg'))?.status).toBe('error'));
    expect(result.current).toBeUndefined();
    expect(calls.every((c) => c.path === 'image?imageName=p-1.jpg')).toBe(true);
  });

  it("reads the picture's name after '=' (spec §3)", () => {
    expect(imageNameOf('https://h/api/v1/image?imageName=p%201.jpg')).toBe('p 1.jpg');
    expect(imageNameOf(null)).toBeNull();
  });
});
