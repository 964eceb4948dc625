import { createStore } from './store';

/** Spec §8: after a failure the loading indicator stays 1.5 s, then hides. */
export const LOADING_HIDE_AFTER_FAILURE_MS = 1500;

/** Spec §9 loader time-outs: 6 s normally, 13 s for history. */
export const LOADER_TIMEOUT_MS = 6000;
export const HISTORY_LOADER_TIMEOUT_MS = 13_000;

const busy = createStore(0);
let generation = 0;

export const loadingStore = { subscribe: busy.subscribe, getSnapshot: () => busy.get() > 0 };

/**
 * Marks one request as running; call the returned function when it ends. Past `timeoutMs` the
 * request no longer holds the loading bar (spec §9): on a stalled link the screen says it is slow
 * instead of showing the bar for ever, and the answer, if it comes, is still used.
 */
export function beginLoading(timeoutMs = LOADER_TIMEOUT_MS): (failed: boolean) => void {
  busy.set(busy.get() + 1);
  const started = generation;
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    clearTimeout(timeout);
    if (started === generation) busy.set(busy.get() - 1);
  };
  const timeout = setTimeout(end, timeoutMs);
  return (failed) => {
    if (ended) return;
    if (failed) setTimeout(end, LOADING_HIDE_AFTER_FAILURE_MS);
    else end();
  };
}

/** For tests: forget requests whose hide timers belong to an earlier test. */
export function resetLoadingForTests(): void {
  generation += 1;
  busy.set(0);
}
