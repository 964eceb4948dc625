/**
 * "The network is back", for what waits on it (a screen whose code did not load): the browser's
 * 'online' event, or an answer from the server after requests had failed for want of a network — a
 * phone often loses and regains its data link without any event (navigator.onLine stays true).
 */
const listeners = new Set<() => void>();

export function onNetworkBack(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('online', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', listener);
  };
}

/** Called when the server answered again after failures for want of a network (network-recovery.ts). */
export function networkIsBack(): void {
  for (const listener of [...listeners]) listener();
}
