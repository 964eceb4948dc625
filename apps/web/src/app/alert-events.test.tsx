import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useUnreadCount } from '../features/alerts/api/get-unread-count';
import { ALERT_RECEIVED, BOOKING_CHANGED } from '../sw-push';
import { apiJson } from '../lib/api-client';
import { queryKeys } from '../lib/query-keys';
import { storage } from '../lib/secure-storage';
import { resetSessionForTests, sessionStore, startSession } from '../lib/session';
import { testOwner } from '../test/owner';
import { AlertEvents } from './alert-events';

const VIN = 'MBNAL0000000000001';

/** A stand-in for navigator.serviceWorker: the page side of the worker's postMessage. */
class FakeContainer extends EventTarget {
  startMessages = vi.fn();
  post(data: unknown) {
    this.dispatchEvent(new MessageEvent('message', { data }));
  }
}

function Badge() {
  const { data } = useUnreadCount(VIN);
  return <p data-testid="badge">{data ?? '–'}</p>;
}

function wrapper(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

let container: FakeContainer;
let count: number;
let calls: string[];

beforeEach(() => {
  container = new FakeContainer();
  vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { serviceWorker: container }));
  count = 2;
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      calls.push(String(input));
      return new Response(JSON.stringify({ vin: VIN, count }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The app's push listener and the unread badge, on a fresh query client (returned). */
function renderWithBadge(): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
  render(
    <>
      <AlertEvents />
      <Badge />
    </>,
    { wrapper: wrapper(client) },
  );
  return client;
}

describe('the unread badge and push messages (spec §4: on receipt, unread alerts are recounted)', () => {
  it("refetches the count when the service worker says 'alert-received', and not for other messages", async () => {
    const client = renderWithBadge();
    await screen.findByText('2');
    expect(container.startMessages).toHaveBeenCalled();
    expect(calls).toEqual([`/api/v1/alerts/unread-count?vin=${VIN}`]);

    count = 3;
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    act(() => container.post({ type: 'SOMETHING_ELSE' }));
    expect(invalidate).not.toHaveBeenCalled();
    expect(screen.getByTestId('badge').textContent).toBe('2');

    act(() => container.post({ type: ALERT_RECEIVED, alertId: 'a1', vin: VIN }));
    await screen.findByText('3');
    expect(calls).toHaveLength(2);
  });

  it("refetches the service bookings when the worker says 'booking-changed' (issue 15)", () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
    render(<AlertEvents />, { wrapper: wrapper(client) });
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    act(() => container.post({ type: BOOKING_CHANGED, bookingId: 'bk_0123456789abcdef01234567' }));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.serviceBookings });
    expect(invalidate).not.toHaveBeenCalledWith({ queryKey: queryKeys.alerts });
  });

  it.each([
    ['a server fault', () => new Response(JSON.stringify({ error: { code: 'INTERNAL', message: 'down' } }), { status: 503 })],
    ['no network', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('a recount after a push that meets %s is silently ignored: the badge keeps its number (spec §8)', async (_what, fail) => {
    const client = renderWithBadge();
    await screen.findByText('2');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        calls.push(String(input));
        return fail();
      }),
    );
    act(() => container.post({ type: ALERT_RECEIVED, alertId: 'a1', vin: VIN }));
    // Sent, sent once more (spec §8), then given up: nothing thrown, nothing shown.
    await vi.waitFor(() => expect(client.getQueryState(queryKeys.unreadCount(VIN))?.fetchStatus).toBe('idle'));
    await vi.waitFor(() => expect(calls).toHaveLength(3));
    expect(client.getQueryState(queryKeys.unreadCount(VIN))?.status).toBe('error');
    expect(screen.getByTestId('badge').textContent).toBe('2');
  });

  it('stops listening when the signed-in shell goes away', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
    const { unmount } = render(<AlertEvents />, { wrapper: wrapper(client) });
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    unmount();
    container.post({ type: ALERT_RECEIVED });
    expect(invalidate).not.toHaveBeenCalled();
  });
});

describe('a refused token refresh after a push (spec §8 over §4)', () => {
  beforeAll(async () => {
    await storage.load();
  });
  afterEach(() => {
    resetSessionForTests();
  });

  it('is silently ignored: the owner stays where they are; the next request a screen makes ends the session without asking again', async () => {
    const owner = testOwner('en');
    startSession({ access_token: 'token', token_type: 'Bearer', expires_in: 900, user: owner }, true);
    window.location.hash = '#/tabs/home';
    const client = renderWithBadge();
    await screen.findByText('2');
    const recounted = () => client.getQueryState(queryKeys.unreadCount(VIN))?.fetchStatus === 'idle' && sent.length;
    // The session was revoked meanwhile (the PIN reset on another phone): every token is refused.
    const refresh: string[] = [];
    const sent: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        sent.push(url);
        if (url.endsWith('/refreshtoken')) refresh.push(url);
        const code = url.endsWith('/refreshtoken') ? 'SESSION_EXPIRED' : 'UNAUTHENTICATED';
        return new Response(JSON.stringify({ error: { code, message: code } }), { status: 401, headers: { 'Content-Type': 'application/json' } });
      }),
    );

    act(() => container.post({ type: ALERT_RECEIVED, alertId: 'a1', vin: VIN }));
    await vi.waitFor(() => expect(refresh).toHaveLength(1));
    await vi.waitFor(() => expect(screen.getByTestId('badge').textContent).toBe('2'));
    // A second push meets the kept refusal: still ignored, and the server is not asked again.
    const before = sent.length;
    act(() => container.post({ type: ALERT_RECEIVED, alertId: 'a2', vin: VIN }));
    await vi.waitFor(() => expect(recounted()).toBeGreaterThan(before));
    expect(refresh).toHaveLength(1);
    expect(sessionStore.getSnapshot()).toBe('signedIn');
    expect(window.location.hash).toBe('#/tabs/home');
    expect(storage.getJson('userData')).toEqual(owner);

    // A screen's own request needs the session: spec §4 applies (storage cleared, login shown).
    await expect(apiJson('vehicles/tracking')).rejects.toMatchObject({ code: 'SESSION_EXPIRED' });
    expect(refresh).toHaveLength(1);
    expect(sessionStore.getSnapshot()).toBe('signedOut');
    expect(window.location.hash).toBe('#/login');
    expect(storage.get('userData')).toBeUndefined();
  });
});
