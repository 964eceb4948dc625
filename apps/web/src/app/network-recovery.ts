import { onlineManager } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { isOnline } from '../lib/connectivity';
import { isOffline } from '../lib/query-client';
import { networkIsBack } from './network-back';

/**
 * Screens whose data failed for want of a network get it when the network is back (issue 19 item 2:
 * My tractor stayed blank). Two holes closed:
 * - react-query assumes it is online when the app starts, so in an app opened offline the browser's
 *   'online' event changed nothing and no failed query was asked again: it starts from the browser's flag;
 * - a phone can lose its data link without any 'offline' event: the first answer that arrives after
 *   such failures stands for the 'online' event, and the screens on show that failed ask again.
 */
export function startNetworkRecovery(client: QueryClient): () => void {
  onlineManager.setOnline(isOnline());
  let failedForNetwork = false;
  return client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated') return;
    if (event.action.type === 'error' && isOffline(event.action.error)) failedForNetwork = true;
    if (event.action.type !== 'success') return;
    if (failedForNetwork) {
      failedForNetwork = false;
      // Screens whose code did not load try again too (screen-boundary.tsx).
      networkIsBack();
    }
    void client.refetchQueries({
      type: 'active',
      predicate: (q) => q.state.status === 'error' && q.state.fetchStatus === 'idle' && isOffline(q.state.error),
    });
  });
}
