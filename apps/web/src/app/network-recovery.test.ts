import { QueryClient, QueryObserver, onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { networkError } from '../lib/api-error';
import { onNetworkBack } from './network-back';
import { startNetworkRecovery } from './network-recovery';

/** A query on show (observed) whose server answers only while `network.up`. */
function screenQuery(client: QueryClient, key: string, network: { up: boolean }) {
  const queryFn = vi.fn(async () => {
    if (!network.up) throw networkError(new TypeError('Failed to fetch'));
    return `${key} data`;
  });
  const observer = new QueryObserver(client, { queryKey: [key], queryFn, retry: false, networkMode: 'offlineFirst' });
  const unsubscribe = observer.subscribe(() => undefined);
  return { observer, queryFn, unsubscribe };
}

const settled = (observer: { getCurrentResult(): { fetchStatus: string } }) => vi.waitFor(() => expect(observer.getCurrentResult().fetchStatus).toBe('idle'));

describe('screens that failed for want of a network ask again (issue 19 item 2)', () => {
  let stop: (() => void) | undefined;
  afterEach(() => {
    stop?.();
    onlineManager.setOnline(true);
  });

  it('an app opened offline hears the network come back (react-query alone assumed it was online)', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const client = new QueryClient();
    client.mount();
    stop = startNetworkRecovery(client);
    const network = { up: false };
    const vehicles = screenQuery(client, 'vehicles', network);
    await settled(vehicles.observer);
    expect(vehicles.observer.getCurrentResult().status).toBe('error');
    network.up = true;
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(vehicles.observer.getCurrentResult().data).toBe('vehicles data'));
    vehicles.unsubscribe();
    client.unmount();
  });

  it('with no online event at all, the first answer that arrives has the failed screens ask again', async () => {
    const client = new QueryClient();
    stop = startNetworkRecovery(client);
    const network = { up: false };
    const vehicles = screenQuery(client, 'vehicles', network);
    await settled(vehicles.observer);
    expect(vehicles.queryFn).toHaveBeenCalledTimes(1);
    network.up = true;
    // Another screen's poll gets through: the network is back.
    await client.fetchQuery({ queryKey: ['home'], queryFn: async () => 'home' });
    await vi.waitFor(() => expect(vehicles.observer.getCurrentResult().data).toBe('vehicles data'));
    vehicles.unsubscribe();
  });

  it('tells what waits for the network (a screen whose code did not load) once an answer follows such failures', async () => {
    const client = new QueryClient();
    stop = startNetworkRecovery(client);
    const told = vi.fn();
    const unlisten = onNetworkBack(told);
    const network = { up: false };
    const vehicles = screenQuery(client, 'vehicles', network);
    await settled(vehicles.observer);
    network.up = true;
    await client.fetchQuery({ queryKey: ['home'], queryFn: async () => 'home' });
    expect(told).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(vehicles.observer.getCurrentResult().data).toBe('vehicles data'));
    // An answer with no failure before it says nothing.
    await client.fetchQuery({ queryKey: ['other'], queryFn: async () => 'other' });
    expect(told).toHaveBeenCalledTimes(1);
    unlisten();
    vehicles.unsubscribe();
  });

  it('a query that failed for another reason (a refusal) is not asked again', async () => {
    const client = new QueryClient();
    stop = startNetworkRecovery(client);
    const queryFn = vi.fn(async () => {
      throw new Error('refused');
    });
    const observer = new QueryObserver(client, { queryKey: ['refused'], queryFn, retry: false });
    const unsubscribe = observer.subscribe(() => undefined);
    await settled(observer);
    await client.fetchQuery({ queryKey: ['home'], queryFn: async () => 'home' });
    expect(queryFn).toHaveBeenCalledTimes(1);
    unsubscribe();
  });
});
