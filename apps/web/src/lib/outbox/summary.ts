import { useSyncExternalStore } from 'react';
import { createStore } from '../store';

/**
 * How many writes wait in the outbox to be sent (refused ones not counted). The offline banner shows
 * it; it sits on the login path, so it reads this small store and never the outbox itself (outbox.ts
 * sets it once the signed-in shell has loaded it).
 */
export const waitingCount = createStore(0);

export function useWaitingCount(): number {
  return useSyncExternalStore(waitingCount.subscribe, waitingCount.get);
}
