import { createStore } from './store';

/** Spec §8: after a failure the loading indicator stays 1.5 s, then hides. */
export const LOADING_HIDE_AFTER_FAILURE_MS = 1500;

const busy = createStore(0);
let generation = 0;

export const loadingStore = { subscribe: busy.subscribe, getSnapshot: () => busy.get() > 0 };

/** Marks one request as running; call the returned function when it ends. */
export function beginLoading(): (failed: boolean) => void {
  busy.set(busy.get() + 1);
  const started = generation;
  let ended = false;
  return (failed) => {
    if (ended) return;
    ended = true;
    const end = () => {
      if (started === generation) busy.set(busy.get() - 1);
    };
    if (failed) setTimeout(end, LOADING_HIDE_AFTER_FAILURE_MS);
    else end();
  };
}

/** For tests: forget requests whose hide timers belong to an earlier test. */
export function resetLoadingForTests(): void {
  generation += 1;
  busy.set(0);
}
