import { useEffect, useState } from 'react';

/** Spec §9 loader time-outs: 6 s normally, 13 s for history. */
export const LOADER_TIMEOUT_MS = 6000;
export const HISTORY_LOADER_TIMEOUT_MS = 13_000;

/** True once `pending` has lasted `ms`: the loader goes and the screen says the data did not come. */
export function useLoaderTimeout(pending: boolean, ms: number): boolean {
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => setTimedOut(true), ms);
    return () => {
      clearTimeout(timer);
      setTimedOut(false);
    };
  }, [pending, ms]);
  return pending && timedOut;
}
