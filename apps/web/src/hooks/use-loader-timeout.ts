import { useEffect, useState } from 'react';

export { HISTORY_LOADER_TIMEOUT_MS, LOADER_TIMEOUT_MS } from '../lib/loading';

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
