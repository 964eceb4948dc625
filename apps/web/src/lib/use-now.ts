import { useEffect, useState } from 'react';

/** The time, read again every `everyMs` (render stays pure: what depends on the clock re-renders with it). */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
